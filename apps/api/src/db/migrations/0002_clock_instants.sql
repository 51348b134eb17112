ALTER TABLE "audit_log" ALTER COLUMN "at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "started_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "submitted_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "next_attempt_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "grade_changes" ALTER COLUMN "at" DROP DEFAULT;