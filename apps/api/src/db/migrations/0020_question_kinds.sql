-- Issue 30: matching and description questions, prompt formats, titles (decision 186).
ALTER TYPE "public"."question_kind" ADD VALUE 'matching' BEFORE 'long';--> statement-breakpoint
ALTER TYPE "public"."question_kind" ADD VALUE 'description';--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_points_check";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "format" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_format_check" CHECK ("questions"."format" IN ('plain', 'html'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_points_check" CHECK ("questions"."points" > 0 OR ("questions"."kind"::text = 'description' AND "questions"."points" = 0));