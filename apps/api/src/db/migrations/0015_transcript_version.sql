-- Hand-written (decision 168): the version of an institution's transcripts.
-- "cache_versions" holds one row "transcripts:<institution id>", bumped in the same transaction
-- as any write that can change what a student's transcript shows: the institution, the program
-- of a promotion, the promotion and its students, a student's name, the trainings, subjects and
-- evaluations, and a result that is or was published. The API caches each student's transcript
-- under that version (http/cached-answer.ts). Statement-level triggers with transition tables:
-- a grid of 200 grades or an import bumps a version once, not once per row.
CREATE FUNCTION "bump_transcripts_versions"("institution_ids" bigint[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "cache_versions" ("name", "version")
	SELECT 'transcripts:' || "id", 1
	FROM (SELECT DISTINCT unnest("institution_ids") AS "id") AS "changed"
	WHERE "id" IS NOT NULL
	-- Always the same order, so two transactions never wait on each other's rows in a cycle.
	ORDER BY "id"
	ON CONFLICT ("name") DO UPDATE SET "version" = "cache_versions"."version" + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION "transcripts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- TG_ARGV[0] says where the rows name their institution; each branch reads only the
	-- transition tables its event has (PL/pgSQL plans a statement when it first runs it).
	IF TG_ARGV[0] = 'institution_id' THEN
		IF TG_OP = 'INSERT' THEN
			PERFORM "bump_transcripts_versions"(ARRAY(SELECT "institution_id" FROM "new_rows"));
		ELSIF TG_OP = 'DELETE' THEN
			PERFORM "bump_transcripts_versions"(ARRAY(SELECT "institution_id" FROM "old_rows"));
		ELSE
			PERFORM "bump_transcripts_versions"(ARRAY(
				SELECT "institution_id" FROM "new_rows" UNION SELECT "institution_id" FROM "old_rows"));
		END IF;
	ELSIF TG_ARGV[0] = 'id' THEN
		-- institutions: only an update or a removal changes a transcript.
		PERFORM "bump_transcripts_versions"(ARRAY(SELECT "id" FROM "old_rows"));
	ELSIF TG_ARGV[0] = 'program' THEN
		-- programs: their name and levels, in every institution with a promotion of them.
		PERFORM "bump_transcripts_versions"(ARRAY(
			SELECT "promotions"."institution_id" FROM "promotions"
			WHERE "promotions"."program_id" IN (SELECT "id" FROM "old_rows")));
	ELSIF TG_ARGV[0] = 'promotion' THEN
		-- promotion_students: whose transcript lists the promotion.
		IF TG_OP = 'INSERT' THEN
			PERFORM "bump_transcripts_versions"(ARRAY(
				SELECT "promotions"."institution_id" FROM "promotions"
				WHERE "promotions"."id" IN (SELECT "promotion_id" FROM "new_rows")));
		ELSE
			PERFORM "bump_transcripts_versions"(ARRAY(
				SELECT "promotions"."institution_id" FROM "promotions"
				WHERE "promotions"."id" IN (SELECT "promotion_id" FROM "old_rows")));
		END IF;
	ELSIF TG_ARGV[0] = 'student' THEN
		-- users: a changed name or role (a sign-in or a new password changes no transcript).
		PERFORM "bump_transcripts_versions"(ARRAY(
			SELECT "new_rows"."institution_id" FROM "new_rows"
			JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
			WHERE ("new_rows"."first_name", "new_rows"."last_name", "new_rows"."role")
				IS DISTINCT FROM ("old_rows"."first_name", "old_rows"."last_name", "old_rows"."role")));
	ELSIF TG_ARGV[0] = 'result' THEN
		-- results: only what students see, a published result (saving a draft grade changes none).
		IF TG_OP = 'INSERT' THEN
			PERFORM "bump_transcripts_versions"(ARRAY(
				SELECT "evaluations"."institution_id" FROM "new_rows"
				JOIN "evaluations" ON "evaluations"."id" = "new_rows"."evaluation_id"
				WHERE "new_rows"."published_at" IS NOT NULL));
		ELSIF TG_OP = 'DELETE' THEN
			PERFORM "bump_transcripts_versions"(ARRAY(
				SELECT "evaluations"."institution_id" FROM "old_rows"
				JOIN "evaluations" ON "evaluations"."id" = "old_rows"."evaluation_id"
				WHERE "old_rows"."published_at" IS NOT NULL));
		ELSE
			PERFORM "bump_transcripts_versions"(ARRAY(
				SELECT "evaluations"."institution_id" FROM "new_rows"
				JOIN "old_rows" ON "old_rows"."id" = "new_rows"."id"
				JOIN "evaluations" ON "evaluations"."id" = "new_rows"."evaluation_id"
				WHERE ("new_rows"."published_at" IS NOT NULL OR "old_rows"."published_at" IS NOT NULL)
					AND ("new_rows"."grade", "new_rows"."absent", "new_rows"."published_at" IS NULL,
						"new_rows"."evaluation_id", "new_rows"."student_id")
					IS DISTINCT FROM ("old_rows"."grade", "old_rows"."absent",
						"old_rows"."published_at" IS NULL, "old_rows"."evaluation_id", "old_rows"."student_id")));
		END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "transcripts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" LIKE 'transcripts:%';
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "institutions_transcripts_update" AFTER UPDATE ON "institutions"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "institutions_transcripts_delete" AFTER DELETE ON "institutions"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "programs_transcripts_update" AFTER UPDATE ON "programs"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('program');
--> statement-breakpoint
CREATE TRIGGER "promotion_students_transcripts_insert" AFTER INSERT ON "promotion_students"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('promotion');
--> statement-breakpoint
CREATE TRIGGER "promotion_students_transcripts_delete" AFTER DELETE ON "promotion_students"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('promotion');
--> statement-breakpoint
CREATE TRIGGER "users_transcripts_update" AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('student');
--> statement-breakpoint
CREATE TRIGGER "results_transcripts_insert" AFTER INSERT ON "results"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('result');
--> statement-breakpoint
CREATE TRIGGER "results_transcripts_update" AFTER UPDATE ON "results"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('result');
--> statement-breakpoint
CREATE TRIGGER "results_transcripts_delete" AFTER DELETE ON "results"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('result');
--> statement-breakpoint
CREATE TRIGGER "promotions_transcripts_insert" AFTER INSERT ON "promotions"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "promotions_transcripts_update" AFTER UPDATE ON "promotions"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "promotions_transcripts_delete" AFTER DELETE ON "promotions"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "trainings_transcripts_insert" AFTER INSERT ON "trainings"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "trainings_transcripts_update" AFTER UPDATE ON "trainings"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "trainings_transcripts_delete" AFTER DELETE ON "trainings"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "subjects_transcripts_insert" AFTER INSERT ON "subjects"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "subjects_transcripts_update" AFTER UPDATE ON "subjects"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "subjects_transcripts_delete" AFTER DELETE ON "subjects"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "evaluations_transcripts_insert" AFTER INSERT ON "evaluations"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "evaluations_transcripts_update" AFTER UPDATE ON "evaluations"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "evaluations_transcripts_delete" AFTER DELETE ON "evaluations"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_changed"('institution_id');
--> statement-breakpoint
CREATE TRIGGER "institutions_transcripts_truncate" AFTER TRUNCATE ON "institutions"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "programs_transcripts_truncate" AFTER TRUNCATE ON "programs"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "promotions_transcripts_truncate" AFTER TRUNCATE ON "promotions"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "promotion_students_transcripts_truncate" AFTER TRUNCATE ON "promotion_students"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "users_transcripts_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "trainings_transcripts_truncate" AFTER TRUNCATE ON "trainings"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "subjects_transcripts_truncate" AFTER TRUNCATE ON "subjects"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "evaluations_transcripts_truncate" AFTER TRUNCATE ON "evaluations"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "results_transcripts_truncate" AFTER TRUNCATE ON "results"
	FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_truncated"();
