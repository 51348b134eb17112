ALTER TYPE "public"."token_purpose" ADD VALUE 'mfa_enrolment';--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mfa_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_last_step" integer;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;