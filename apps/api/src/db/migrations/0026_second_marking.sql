-- Issue 31: second marking of a project (each marker's proposal, a sheet per marking round).
CREATE TABLE "marking_proposals" (
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"marker_id" bigint,
	"grade" numeric(6, 2),
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marking_proposals_evaluation_id_student_id_round_pk" PRIMARY KEY("evaluation_id","student_id","round"),
	CONSTRAINT "marking_proposals_round_check" CHECK ("marking_proposals"."round" IN (1, 2)),
	CONSTRAINT "marking_proposals_grade_check" CHECK ("marking_proposals"."grade" IS NULL OR "marking_proposals"."grade" >= 0)
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "second_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "marking_proposals" ADD CONSTRAINT "marking_proposals_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_proposals" ADD CONSTRAINT "marking_proposals_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_proposals" ADD CONSTRAINT "marking_proposals_marker_id_users_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marking_proposals_student_id_idx" ON "marking_proposals" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "marking_proposals_marker_id_idx" ON "marking_proposals" USING btree ("marker_id");--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_second_marking_check" CHECK (NOT "evaluations"."second_marking" OR "evaluations"."type" = 'project');--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD CONSTRAINT "marking_sheets_round_check" CHECK ("marking_sheets"."round" IN (1, 2));--> statement-breakpoint
ALTER TABLE "marking_sheets" DROP CONSTRAINT "marking_sheets_evaluation_student_unique";--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD CONSTRAINT "marking_sheets_evaluation_student_round_unique" UNIQUE("evaluation_id","student_id","round");
