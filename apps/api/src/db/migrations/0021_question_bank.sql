-- Issue 30: a question bank per subject, random draws, where an exam's question came from (decision 191).
CREATE TABLE "question_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"category" text NOT NULL,
	"count" integer NOT NULL,
	"points" numeric(6, 2) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_draws_count_check" CHECK ("question_draws"."count" > 0),
	CONSTRAINT "question_draws_points_check" CHECK ("question_draws"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"family_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"kind" "question_kind" NOT NULL,
	"prompt" text NOT NULL,
	"format" text DEFAULT 'plain' NOT NULL,
	"title" text,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb,
	"points" numeric(6, 2) DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "bank_questions_points_check" CHECK ("bank_questions"."points" > 0 OR ("bank_questions"."kind"::text = 'description' AND "bank_questions"."points" = 0)),
	CONSTRAINT "bank_questions_format_check" CHECK ("bank_questions"."format" IN ('plain', 'html')),
	CONSTRAINT "bank_questions_version_check" CHECK ("bank_questions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "bank_question_id" bigint;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "draw_id" bigint;--> statement-breakpoint
ALTER TABLE "question_draws" ADD CONSTRAINT "question_draws_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_draws_evaluation_id_idx" ON "question_draws" USING btree ("evaluation_id");--> statement-breakpoint
CREATE INDEX "bank_questions_subject_idx" ON "bank_questions" USING btree ("subject_id","category") WHERE "bank_questions"."replaced_at" IS NULL AND "bank_questions"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bank_questions_family_idx" ON "bank_questions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "bank_questions_institution_id_idx" ON "bank_questions" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "bank_questions_created_by_idx" ON "bank_questions" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_question_id_bank_questions_id_fk" FOREIGN KEY ("bank_question_id") REFERENCES "public"."bank_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_draw_id_question_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."question_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_draw_id_idx" ON "questions" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "questions_bank_question_id_idx" ON "questions" USING btree ("bank_question_id");