-- Issue 31: blind marking of a project (participant numbers instead of names until identities
-- are revealed).
CREATE TABLE "participant_numbers" (
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "participant_numbers_evaluation_id_student_id_pk" PRIMARY KEY("evaluation_id","student_id"),
	CONSTRAINT "participant_numbers_evaluation_number_unique" UNIQUE("evaluation_id","number"),
	CONSTRAINT "participant_numbers_number_check" CHECK ("participant_numbers"."number" BETWEEN 100000 AND 999999)
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "blind_marking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "identities_revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participant_numbers" ADD CONSTRAINT "participant_numbers_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_numbers" ADD CONSTRAINT "participant_numbers_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_numbers_student_id_idx" ON "participant_numbers" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_blind_marking_check" CHECK (NOT "evaluations"."blind_marking" OR "evaluations"."type" = 'project');