-- Issue 32: attendance (sessions, marks per half-day, check-in codes, append-only signatures).
CREATE TABLE "attendance_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"code" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_by" bigint,
	"used_at" timestamp with time zone,
	CONSTRAINT "attendance_codes_session_code_unique" UNIQUE("session_id","code")
);
--> statement-breakpoint
CREATE TABLE "attendance_marks" (
	"session_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"half_day" text NOT NULL,
	"status" text NOT NULL,
	"late_minutes" integer,
	"remark" text,
	"source" text NOT NULL,
	"checked_in_at" timestamp with time zone,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_marks_session_id_student_id_half_day_pk" PRIMARY KEY("session_id","student_id","half_day"),
	CONSTRAINT "attendance_marks_half_day_check" CHECK ("attendance_marks"."half_day" IN ('am', 'pm')),
	CONSTRAINT "attendance_marks_status_check" CHECK ("attendance_marks"."status" IN ('present', 'late', 'absent', 'excused')),
	CONSTRAINT "attendance_marks_late_check" CHECK (("attendance_marks"."status" = 'late') = ("attendance_marks"."late_minutes" IS NOT NULL) AND ("attendance_marks"."late_minutes" IS NULL OR "attendance_marks"."late_minutes" BETWEEN 1 AND 1440)),
	CONSTRAINT "attendance_marks_source_check" CHECK ("attendance_marks"."source" IN ('roll_call', 'check_in'))
);
--> statement-breakpoint
CREATE TABLE "attendance_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"source_key" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"audience" text NOT NULL,
	"audience_id" bigint NOT NULL,
	"training_id" bigint,
	"trainer_id" bigint,
	"checkin_before_minutes" integer DEFAULT 15 NOT NULL,
	"checkin_after_minutes" integer DEFAULT 15 NOT NULL,
	"code_secret" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_sessions_ends_after_start_check" CHECK ("attendance_sessions"."ends_at" > "attendance_sessions"."starts_at"),
	CONSTRAINT "attendance_sessions_kind_check" CHECK ("attendance_sessions"."kind" IN ('event', 'episode', 'exam', 'manual') AND ("attendance_sessions"."kind" = 'manual') = ("attendance_sessions"."source_key" IS NULL)),
	CONSTRAINT "attendance_sessions_audience_check" CHECK ("attendance_sessions"."audience" IN ('promotion', 'group')),
	CONSTRAINT "attendance_sessions_margins_check" CHECK ("attendance_sessions"."checkin_before_minutes" BETWEEN 0 AND 240 AND "attendance_sessions"."checkin_after_minutes" BETWEEN 0 AND 240)
);
--> statement-breakpoint
CREATE TABLE "attendance_signatures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"signer_id" bigint NOT NULL,
	"role" text NOT NULL,
	"half_day" text,
	"image" text NOT NULL,
	"statement" text NOT NULL,
	"statement_sha256" text NOT NULL,
	"device" text NOT NULL,
	"recorded_by" bigint NOT NULL,
	"replaces_id" bigint,
	"reason" text,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_signatures_role_check" CHECK (("attendance_signatures"."role" = 'learner' AND "attendance_signatures"."half_day" IN ('am', 'pm')) OR ("attendance_signatures"."role" = 'trainer' AND "attendance_signatures"."half_day" IS NULL)),
	CONSTRAINT "attendance_signatures_device_check" CHECK ("attendance_signatures"."device" IN ('own', 'trainer')),
	CONSTRAINT "attendance_signatures_correction_check" CHECK (("attendance_signatures"."replaces_id" IS NULL) = ("attendance_signatures"."reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD CONSTRAINT "attendance_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_training_fk" FOREIGN KEY ("training_id","institution_id") REFERENCES "public"."trainings"("id","institution_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_signatures" ADD CONSTRAINT "attendance_signatures_replaces_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."attendance_signatures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_codes_code_idx" ON "attendance_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "attendance_codes_used_by_idx" ON "attendance_codes" USING btree ("used_by");--> statement-breakpoint
CREATE INDEX "attendance_marks_student_id_idx" ON "attendance_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attendance_marks_recorded_by_idx" ON "attendance_marks" USING btree ("recorded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_sessions_source_key" ON "attendance_sessions" USING btree ("institution_id","source_key");--> statement-breakpoint
CREATE INDEX "attendance_sessions_starts_at_idx" ON "attendance_sessions" USING btree ("institution_id","starts_at");--> statement-breakpoint
CREATE INDEX "attendance_sessions_audience_idx" ON "attendance_sessions" USING btree ("audience","audience_id");--> statement-breakpoint
CREATE INDEX "attendance_sessions_trainer_id_idx" ON "attendance_sessions" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "attendance_sessions_training_id_idx" ON "attendance_sessions" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "attendance_sessions_closed_by_idx" ON "attendance_sessions" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "attendance_sessions_created_by_idx" ON "attendance_sessions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "attendance_signatures_session_idx" ON "attendance_signatures" USING btree ("session_id","signer_id");--> statement-breakpoint
CREATE INDEX "attendance_signatures_signer_id_idx" ON "attendance_signatures" USING btree ("signer_id");--> statement-breakpoint
CREATE INDEX "attendance_signatures_recorded_by_idx" ON "attendance_signatures" USING btree ("recorded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_signatures_replaces_key" ON "attendance_signatures" USING btree ("replaces_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_signatures_original_key" ON "attendance_signatures" USING btree ("session_id","signer_id",coalesce("half_day", '')) WHERE "attendance_signatures"."replaces_id" IS NULL;--> statement-breakpoint
CREATE FUNCTION "attendance_signatures_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A signature is never changed nor removed (issue 32): a correction is a new row.
	RAISE EXCEPTION 'attendance_signatures is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "attendance_signatures_append_only" BEFORE UPDATE OR DELETE ON "attendance_signatures"
	FOR EACH ROW EXECUTE FUNCTION "attendance_signatures_append_only"();
