ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_institution_id_institutions_id_fk";
--> statement-breakpoint
ALTER TABLE "grade_changes" DROP CONSTRAINT "grade_changes_changed_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "audit_log_institution_id_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_label" text;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD COLUMN "changed_by_label" text;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");--> statement-breakpoint
CREATE INDEX "audit_log_institution_id_idx" ON "audit_log" USING btree ("institution_id","at");--> statement-breakpoint
-- Hand-written (decision 132): keep when this migration is regenerated.
UPDATE "grade_changes" SET "changed_by_label" = (SELECT "first_name" || ' ' || "last_name" || ' <' || "email" || '>' FROM "users" WHERE "users"."id" = "grade_changes"."changed_by")
	WHERE "changed_by" IS NOT NULL AND "changed_by_label" IS NULL;
--> statement-breakpoint
UPDATE "audit_log" SET "actor_label" = (SELECT "first_name" || ' ' || "last_name" || ' <' || "email" || '>' FROM "users" WHERE "users"."id" = "audit_log"."actor_id")
	WHERE "actor_id" IS NOT NULL AND "actor_label" IS NULL;
--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- The audit log is append-only. The one removal allowed is the retention job's, which marks
	-- its transaction with `set local skolar.audit_retention = 'on'`.
	IF TG_OP = 'DELETE' AND current_setting('skolar.audit_retention', true) = 'on' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
