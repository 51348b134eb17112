CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 162): keep when this migration is regenerated.
INSERT INTO "cache_versions" ("name", "version") VALUES ('catalogue', 1);
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Any write to a table the public catalogue reads makes every node's cached copy stale.
	UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'catalogue';
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "trainings_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trainings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "institutions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "institutions"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "modules_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "modules"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "training_modules_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "training_modules"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
