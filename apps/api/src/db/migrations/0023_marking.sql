-- Issue 31: rubrics and marking guides (an evaluation's, or a subject's library), the sheet a
-- marker fills per student, the reason a grade differs from its rubric in the grade's history,
-- and the annotations on a PDF hand-in, kept apart from the file.
CREATE TABLE "annotations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" bigint NOT NULL,
	"author_id" bigint,
	"page" integer NOT NULL,
	"kind" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"text" text,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_kind_check" CHECK ("annotations"."kind" IN ('highlight', 'comment', 'drawing')),
	CONSTRAINT "annotations_page_check" CHECK ("annotations"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "marking_sheets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marking_sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	"rubric_version" integer NOT NULL,
	"points" numeric(8, 2) NOT NULL,
	"max_points" numeric(8, 2) NOT NULL,
	"computed" numeric(6, 2),
	"marked_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marking_sheets_evaluation_student_unique" UNIQUE("evaluation_id","student_id"),
	CONSTRAINT "marking_sheets_kind_check" CHECK ("marking_sheets"."kind" IN ('rubric', 'guide'))
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rubrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"evaluation_id" bigint,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "rubrics_evaluation_unique" UNIQUE("evaluation_id"),
	CONSTRAINT "rubrics_kind_check" CHECK ("rubrics"."kind" IN ('rubric', 'guide'))
);
--> statement-breakpoint
ALTER TABLE "grade_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD CONSTRAINT "marking_sheets_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD CONSTRAINT "marking_sheets_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marking_sheets" ADD CONSTRAINT "marking_sheets_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotations_submission_id_idx" ON "annotations" USING btree ("submission_id","page");--> statement-breakpoint
CREATE INDEX "annotations_author_id_idx" ON "annotations" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "marking_sheets_student_id_idx" ON "marking_sheets" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "marking_sheets_marked_by_idx" ON "marking_sheets" USING btree ("marked_by");--> statement-breakpoint
CREATE INDEX "rubrics_institution_id_idx" ON "rubrics" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "rubrics_subject_id_idx" ON "rubrics" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "rubrics_created_by_idx" ON "rubrics" USING btree ("created_by");