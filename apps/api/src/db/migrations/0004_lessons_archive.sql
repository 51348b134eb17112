ALTER TYPE "public"."file_kind" ADD VALUE 'chapter/image';--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "archived_at" timestamp with time zone;