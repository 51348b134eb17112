-- Attendance documents, justifications and thresholds (issue 32, decision 199): the attendance
-- sheets and certificates of attendance issued as PDFs (kept as the SHA-256 of their verification
-- code and what they said), the learners' justifications of absences with their document, and a
-- training's attendance threshold.
ALTER TYPE "public"."file_kind" ADD VALUE 'attendance/justification';--> statement-breakpoint
CREATE TABLE "attendance_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_hash" char(64) NOT NULL,
	"institution_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"student_id" bigint,
	"session_id" bigint,
	"issued_by" bigint,
	"issued_at" timestamp with time zone NOT NULL,
	"locale" text NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "attendance_documents_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "attendance_documents_kind_check" CHECK ("attendance_documents"."kind" IN ('attendance_sheet', 'attendance_certificate'))
);
--> statement-breakpoint
CREATE TABLE "attendance_justifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_justifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"reason" text NOT NULL,
	"file_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"excused" integer DEFAULT 0 NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_justifications_status_check" CHECK ("attendance_justifications"."status" IN ('pending', 'accepted', 'refused')),
	CONSTRAINT "attendance_justifications_days_check" CHECK ("attendance_justifications"."from_day" <= "attendance_justifications"."to_day")
);
--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "attendance_threshold" integer;--> statement-breakpoint
ALTER TABLE "attendance_documents" ADD CONSTRAINT "attendance_documents_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_documents" ADD CONSTRAINT "attendance_documents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_documents" ADD CONSTRAINT "attendance_documents_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_documents" ADD CONSTRAINT "attendance_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_justifications" ADD CONSTRAINT "attendance_justifications_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_justifications" ADD CONSTRAINT "attendance_justifications_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_justifications" ADD CONSTRAINT "attendance_justifications_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_justifications" ADD CONSTRAINT "attendance_justifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_documents_institution_id_idx" ON "attendance_documents" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "attendance_documents_student_id_idx" ON "attendance_documents" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attendance_documents_session_id_idx" ON "attendance_documents" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "attendance_documents_issued_by_idx" ON "attendance_documents" USING btree ("issued_by");--> statement-breakpoint
CREATE INDEX "attendance_justifications_institution_idx" ON "attendance_justifications" USING btree ("institution_id","status");--> statement-breakpoint
CREATE INDEX "attendance_justifications_student_id_idx" ON "attendance_justifications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attendance_justifications_file_id_idx" ON "attendance_justifications" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "attendance_justifications_decided_by_idx" ON "attendance_justifications" USING btree ("decided_by");--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_attendance_threshold_check" CHECK ("trainings"."attendance_threshold" IS NULL OR "trainings"."attendance_threshold" BETWEEN 1 AND 100);