CREATE TYPE "public"."attempt_finished_by" AS ENUM('student', 'timeout', 'teacher');--> statement-breakpoint
CREATE TYPE "public"."contact_need" AS ENUM('demo', 'contact', 'support');--> statement-breakpoint
CREATE TYPE "public"."evaluation_type" AS ENUM('exam', 'project');--> statement-breakpoint
CREATE TYPE "public"."event_audience" AS ENUM('personal', 'promotion', 'group', 'institution');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('user/picture', 'formation/cover', 'seminar/syllabus', 'evaluation/document', 'evaluation/correction', 'submission', 'resource', 'institution/logo');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('Mr', 'Mme');--> statement-breakpoint
CREATE TYPE "public"."institution_kind" AS ENUM('university', 'school', 'society');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('fr', 'en', 'de');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."question_kind" AS ENUM('single', 'multiple', 'short', 'long');--> statement-breakpoint
CREATE TYPE "public"."resource_kind" AS ENUM('file', 'link');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('student', 'teacher', 'super-teacher', 'admin', 'super-admin');--> statement-breakpoint
CREATE TYPE "public"."theme" AS ENUM('light', 'dark');--> statement-breakpoint
CREATE TYPE "public"."token_purpose" AS ENUM('verify_email', 'reset_password', 'step_up', 'mfa_challenge');--> statement-breakpoint
CREATE TYPE "public"."visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" bigint,
	"institution_id" bigint,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "one_time_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"purpose" "token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	"mfa_pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint,
	"owner_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"color_code" text,
	"audience" "event_audience" DEFAULT 'personal' NOT NULL,
	"audience_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start_check" CHECK ("events"."ends_at" >= "events"."starts_at"),
	CONSTRAINT "events_color_code_check" CHECK ("events"."color_code" IS NULL OR "events"."color_code" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "events_audience_check" CHECK (("events"."audience" = 'personal') = ("events"."audience_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"need" "contact_need" NOT NULL,
	"object" text NOT NULL,
	"message" text NOT NULL,
	"user_id" bigint,
	"institution_id" bigint,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attempt_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"points_awarded" numeric(6, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_attempt_question_unique" UNIQUE("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"finished_by" "attempt_finished_by",
	"score" numeric(8, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_evaluation_student_unique" UNIQUE("evaluation_id","student_id"),
	CONSTRAINT "attempts_finished_check" CHECK (("attempts"."finished_at" IS NULL) = ("attempts"."finished_by" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"training_id" bigint NOT NULL,
	"type" "evaluation_type" NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"duration_minutes" integer,
	"deadline" timestamp with time zone,
	"location" text,
	"organizer" text,
	"domain" text,
	"percentage" numeric(5, 2) DEFAULT 0 NOT NULL,
	"scale" numeric(6, 2) DEFAULT 20 NOT NULL,
	"document_file_id" bigint,
	"correction_file_id" bigint,
	"has_quiz" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "evaluations_percentage_check" CHECK ("evaluations"."percentage" >= 0 AND "evaluations"."percentage" <= 100),
	CONSTRAINT "evaluations_scale_check" CHECK ("evaluations"."scale" > 0),
	CONSTRAINT "evaluations_duration_check" CHECK ("evaluations"."duration_minutes" IS NULL OR "evaluations"."duration_minutes" > 0),
	CONSTRAINT "evaluations_exam_window_check" CHECK ("evaluations"."type" <> 'exam' OR ("evaluations"."start_time" IS NOT NULL AND "evaluations"."end_time" IS NOT NULL AND "evaluations"."end_time" > "evaluations"."start_time")),
	CONSTRAINT "evaluations_project_deadline_check" CHECK ("evaluations"."type" <> 'project' OR "evaluations"."deadline" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"kind" "question_kind" NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb,
	"points" numeric(6, 2) DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_points_check" CHECK ("questions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_evaluation_student_version_unique" UNIQUE("evaluation_id","student_id","version"),
	CONSTRAINT "submissions_version_check" CHECK ("submissions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "file_kind" NOT NULL,
	"owner_id" bigint,
	"institution_id" bigint,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "group_students" (
	"group_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_students_group_id_student_id_pk" PRIMARY KEY("group_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "group_subjects" (
	"group_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_subjects_group_id_subject_id_pk" PRIMARY KEY("group_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"diminutive" text,
	"kind" "institution_kind" NOT NULL,
	"color_code" text DEFAULT '#144E5E' NOT NULL,
	"logo_link" text,
	"url" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"nb_levels" integer DEFAULT 0 NOT NULL,
	"levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"timezone" text DEFAULT 'Europe/Paris' NOT NULL,
	"mfa_required_for_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "institutions_color_code_check" CHECK ("institutions"."color_code" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "institutions_nb_levels_check" CHECK ("institutions"."nb_levels" >= 0)
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lesson_id" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_lessons" (
	"subject_id" bigint NOT NULL,
	"lesson_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_lessons_subject_id_lesson_id_pk" PRIMARY KEY("subject_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"template" text NOT NULL,
	"locale" "locale" DEFAULT 'fr' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_modules" (
	"institution_id" bigint NOT NULL,
	"module_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_modules_institution_id_module_id_pk" PRIMARY KEY("institution_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "modules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hourly_volume" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "modules_hourly_volume_check" CHECK ("modules"."hourly_volume" IS NULL OR "modules"."hourly_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "institution_programs" (
	"institution_id" bigint NOT NULL,
	"program_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_programs_institution_id_program_id_pk" PRIMARY KEY("institution_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promotion_students" (
	"promotion_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_students_promotion_id_student_id_pk" PRIMARY KEY("promotion_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_teachers" (
	"promotion_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_teachers_promotion_id_teacher_id_pk" PRIMARY KEY("promotion_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"program_id" bigint NOT NULL,
	"name" text NOT NULL,
	"academic_year" text NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "promotions_id_institution_unique" UNIQUE("id","institution_id"),
	CONSTRAINT "promotions_academic_year_check" CHECK ("promotions"."academic_year" ~ '^[0-9]{4}-[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chapter_id" bigint,
	"episode_id" bigint,
	"kind" "resource_kind" NOT NULL,
	"title" text NOT NULL,
	"file_id" bigint,
	"url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_owner_check" CHECK (num_nonnulls("resources"."chapter_id", "resources"."episode_id") = 1),
	CONSTRAINT "resources_kind_check" CHECK (("resources"."kind" = 'file' AND "resources"."file_id" IS NOT NULL AND "resources"."url" IS NULL) OR ("resources"."kind" = 'link' AND "resources"."url" IS NOT NULL AND "resources"."file_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "grade_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"result_id" bigint NOT NULL,
	"old_grade" numeric(6, 2),
	"new_grade" numeric(6, 2),
	"old_absent" boolean DEFAULT false NOT NULL,
	"new_absent" boolean DEFAULT false NOT NULL,
	"changed_by" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"grade" numeric(6, 2),
	"absent" boolean DEFAULT false NOT NULL,
	"comment" text,
	"graded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_evaluation_student_unique" UNIQUE("evaluation_id","student_id"),
	CONSTRAINT "results_grade_check" CHECK ("results"."absent" OR "results"."grade" IS NULL OR "results"."grade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "episodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seminar_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"location" text,
	"online_link" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episodes_ends_after_start_check" CHECK ("episodes"."ends_at" >= "episodes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "seminars" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seminars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"syllabus_file_id" bigint,
	"visibility" "visibility" DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "module_subjects" (
	"module_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_subjects_module_id_subject_id_pk" PRIMARY KEY("module_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"coefficient" numeric(5, 2) DEFAULT 1 NOT NULL,
	"hourly_volume" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "subjects_id_institution_unique" UNIQUE("id","institution_id"),
	CONSTRAINT "subjects_coefficient_check" CHECK ("subjects"."coefficient" > 0),
	CONSTRAINT "subjects_hourly_volume_check" CHECK ("subjects"."hourly_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "teacher_subjects" (
	"teacher_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_subjects_teacher_id_subject_id_pk" PRIMARY KEY("teacher_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "training_modules" (
	"training_id" bigint NOT NULL,
	"module_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_modules_training_id_module_id_pk" PRIMARY KEY("training_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trainings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"promotion_id" bigint NOT NULL,
	"title" text NOT NULL,
	"program" text NOT NULL,
	"level" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"total_hours" integer DEFAULT 0 NOT NULL,
	"cover_link" text,
	"visibility" "visibility" DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "trainings_id_institution_unique" UNIQUE("id","institution_id"),
	CONSTRAINT "trainings_total_hours_check" CHECK ("trainings"."total_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint,
	"role" "role" NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"gender" "gender",
	"phone" text,
	"date_of_birth" date,
	"picture_link" text,
	"locale" "locale" DEFAULT 'fr' NOT NULL,
	"theme" "theme" DEFAULT 'light' NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_offers" boolean DEFAULT false NOT NULL,
	"mfa_secret" text,
	"mfa_enabled_at" timestamp with time zone,
	"mfa_recovery_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "users_institution_role_check" CHECK (("users"."role" = 'super-admin') = ("users"."institution_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_correction_file_id_files_id_fk" FOREIGN KEY ("correction_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_subject_fk" FOREIGN KEY ("subject_id","institution_id") REFERENCES "public"."subjects"("id","institution_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_training_fk" FOREIGN KEY ("training_id","institution_id") REFERENCES "public"."trainings"("id","institution_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_students" ADD CONSTRAINT "group_students_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_students" ADD CONSTRAINT "group_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_subjects" ADD CONSTRAINT "group_subjects_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_subjects" ADD CONSTRAINT "group_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_promotion_fk" FOREIGN KEY ("promotion_id","institution_id") REFERENCES "public"."promotions"("id","institution_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_lessons" ADD CONSTRAINT "subject_lessons_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_lessons" ADD CONSTRAINT "subject_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_modules" ADD CONSTRAINT "institution_modules_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_modules" ADD CONSTRAINT "institution_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_programs" ADD CONSTRAINT "institution_programs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_programs" ADD CONSTRAINT "institution_programs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_students" ADD CONSTRAINT "promotion_students_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_students" ADD CONSTRAINT "promotion_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_teachers" ADD CONSTRAINT "promotion_teachers_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_teachers" ADD CONSTRAINT "promotion_teachers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_seminar_id_seminars_id_fk" FOREIGN KEY ("seminar_id") REFERENCES "public"."seminars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminars" ADD CONSTRAINT "seminars_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminars" ADD CONSTRAINT "seminars_syllabus_file_id_files_id_fk" FOREIGN KEY ("syllabus_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seminars" ADD CONSTRAINT "seminars_promotion_fk" FOREIGN KEY ("promotion_id","institution_id") REFERENCES "public"."promotions"("id","institution_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_subjects" ADD CONSTRAINT "module_subjects_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_subjects" ADD CONSTRAINT "module_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_modules" ADD CONSTRAINT "training_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_promotion_fk" FOREIGN KEY ("promotion_id","institution_id") REFERENCES "public"."promotions"("id","institution_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_institution_id_idx" ON "audit_log" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_purpose_idx" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_at_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "events_institution_id_idx" ON "events" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "events_owner_id_idx" ON "events" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_audience_idx" ON "events" USING btree ("audience","audience_id");--> statement-breakpoint
CREATE INDEX "contact_requests_user_id_idx" ON "contact_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_requests_institution_id_idx" ON "contact_requests" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "contact_requests_handled_at_idx" ON "contact_requests" USING btree ("handled_at");--> statement-breakpoint
CREATE INDEX "contact_requests_created_at_idx" ON "contact_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "answers_question_id_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "attempts_student_id_idx" ON "attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "attempts_open_deadline_idx" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "evaluations_institution_id_idx" ON "evaluations" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "evaluations_subject_id_idx" ON "evaluations" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "evaluations_training_id_idx" ON "evaluations" USING btree ("training_id");--> statement-breakpoint
CREATE INDEX "evaluations_date_idx" ON "evaluations" USING btree ("date");--> statement-breakpoint
CREATE INDEX "evaluations_deadline_idx" ON "evaluations" USING btree ("deadline");--> statement-breakpoint
CREATE INDEX "evaluations_document_file_id_idx" ON "evaluations" USING btree ("document_file_id");--> statement-breakpoint
CREATE INDEX "evaluations_correction_file_id_idx" ON "evaluations" USING btree ("correction_file_id");--> statement-breakpoint
CREATE INDEX "evaluations_archived_at_idx" ON "evaluations" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "questions_evaluation_id_idx" ON "questions" USING btree ("evaluation_id","position");--> statement-breakpoint
CREATE INDEX "submissions_student_id_idx" ON "submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "submissions_file_id_idx" ON "submissions" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "files_owner_id_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_institution_id_idx" ON "files" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "files_kind_idx" ON "files" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "group_students_student_id_idx" ON "group_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "group_subjects_subject_id_idx" ON "group_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "groups_institution_id_idx" ON "groups" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "groups_promotion_id_idx" ON "groups" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "groups_archived_at_idx" ON "groups" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "institutions_archived_at_idx" ON "institutions" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "chapters_lesson_id_idx" ON "chapters" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "lessons_institution_id_idx" ON "lessons" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "subject_lessons_lesson_id_idx" ON "subject_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_next_attempt_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "institution_modules_module_id_idx" ON "institution_modules" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "modules_archived_at_idx" ON "modules" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "institution_programs_program_id_idx" ON "institution_programs" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "programs_archived_at_idx" ON "programs" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "promotion_students_student_id_idx" ON "promotion_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "promotion_teachers_teacher_id_idx" ON "promotion_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "promotions_institution_id_idx" ON "promotions" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "promotions_program_id_idx" ON "promotions" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "promotions_academic_year_idx" ON "promotions" USING btree ("academic_year");--> statement-breakpoint
CREATE INDEX "promotions_archived_at_idx" ON "promotions" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "resources_chapter_id_idx" ON "resources" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "resources_episode_id_idx" ON "resources" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "resources_file_id_idx" ON "resources" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "grade_changes_result_id_idx" ON "grade_changes" USING btree ("result_id","at");--> statement-breakpoint
CREATE INDEX "grade_changes_changed_by_idx" ON "grade_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "results_student_id_idx" ON "results" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "results_graded_by_idx" ON "results" USING btree ("graded_by");--> statement-breakpoint
CREATE INDEX "episodes_seminar_id_idx" ON "episodes" USING btree ("seminar_id","position");--> statement-breakpoint
CREATE INDEX "episodes_starts_at_idx" ON "episodes" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "seminars_institution_id_idx" ON "seminars" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "seminars_promotion_id_idx" ON "seminars" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "seminars_syllabus_file_id_idx" ON "seminars" USING btree ("syllabus_file_id");--> statement-breakpoint
CREATE INDEX "seminars_visibility_idx" ON "seminars" USING btree ("visibility","archived_at");--> statement-breakpoint
CREATE INDEX "seminars_archived_at_idx" ON "seminars" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "module_subjects_subject_id_idx" ON "module_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "subjects_institution_id_idx" ON "subjects" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "subjects_archived_at_idx" ON "subjects" USING btree ("archived_at");--> statement-breakpoint
CREATE INDEX "teacher_subjects_subject_id_idx" ON "teacher_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "training_modules_module_id_idx" ON "training_modules" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "trainings_institution_id_idx" ON "trainings" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "trainings_promotion_id_idx" ON "trainings" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "trainings_visibility_idx" ON "trainings" USING btree ("visibility","archived_at");--> statement-breakpoint
CREATE INDEX "trainings_archived_at_idx" ON "trainings" USING btree ("archived_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_institution_role_idx" ON "users" USING btree ("institution_id","role");--> statement-breakpoint
CREATE INDEX "users_role_institution_idx" ON "users" USING btree ("role","institution_id");--> statement-breakpoint
CREATE INDEX "users_archived_at_idx" ON "users" USING btree ("archived_at");