CREATE TABLE "transcript_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transcript_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_hash" char(64) NOT NULL,
	"institution_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"issued_by" bigint,
	"issued_at" timestamp with time zone NOT NULL,
	"locale" text NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "transcript_documents_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "grade_changes" DROP CONSTRAINT "grade_changes_result_id_results_id_fk";
--> statement-breakpoint
ALTER TABLE "grade_changes" ADD COLUMN "old_comment" text;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD COLUMN "new_comment" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transcript_documents" ADD CONSTRAINT "transcript_documents_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_documents" ADD CONSTRAINT "transcript_documents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_documents" ADD CONSTRAINT "transcript_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcript_documents_institution_id_idx" ON "transcript_documents" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "transcript_documents_student_id_idx" ON "transcript_documents" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "transcript_documents_issued_by_idx" ON "transcript_documents" USING btree ("issued_by");--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "grade_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- The audit of grades is append-only. The one change allowed is the one PostgreSQL makes
	-- itself when the user who made a change is deleted (ON DELETE SET NULL).
	IF TG_OP = 'UPDATE' AND NEW.changed_by IS NULL AND OLD.changed_by IS NOT NULL
		AND (NEW.id, NEW.result_id, NEW.old_grade, NEW.new_grade, NEW.old_absent, NEW.new_absent, NEW.old_comment, NEW.new_comment, NEW.at)
			IS NOT DISTINCT FROM (OLD.id, OLD.result_id, OLD.old_grade, OLD.new_grade, OLD.old_absent, OLD.new_absent, OLD.old_comment, OLD.new_comment, OLD.at)
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'grade_changes is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "grade_changes_append_only" BEFORE UPDATE OR DELETE ON "grade_changes"
	FOR EACH ROW EXECUTE FUNCTION "grade_changes_append_only"();
