-- Issue 31: late hand-ins until a project's cut-off, with an optional penalty per day late, and
-- the penalty each marking sheet applied.
ALTER TABLE "evaluations" ADD COLUMN "late_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "late_penalty" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD COLUMN "late_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD COLUMN "penalty" numeric(6, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_late_until_check" CHECK ("evaluations"."late_until" IS NULL OR ("evaluations"."type" = 'project' AND "evaluations"."late_until" > "evaluations"."deadline"));--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_late_penalty_check" CHECK ("evaluations"."late_penalty" IS NULL OR ("evaluations"."late_until" IS NOT NULL AND "evaluations"."late_penalty" > 0 AND "evaluations"."late_penalty" <= 100));--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD CONSTRAINT "marking_sheets_penalty_check" CHECK ("marking_sheets"."late_days" >= 0 AND "marking_sheets"."penalty" >= 0);