CREATE TABLE "imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"actor_id" bigint,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"invited" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_kind_check" CHECK ("imports"."kind" in ('student', 'teacher')),
	CONSTRAINT "imports_counts_check" CHECK ("imports"."total" >= 0 and "imports"."created" >= 0 and "imports"."updated" >= 0 and "imports"."invited" >= 0)
);
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_institution_created_idx" ON "imports" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_actor_id_idx" ON "imports" USING btree ("actor_id");