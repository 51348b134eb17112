-- Discussions per subject (issue 33, decision 202): threads, their posts, mentions, who follows a thread, and learners' reports of posts.
CREATE TABLE "discussion_mentions" (
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "discussion_mentions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"is_opening" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" bigint,
	"removed_by_staff" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"post_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_subscriptions" (
	"thread_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"subscribed" boolean NOT NULL,
	CONSTRAINT "discussion_subscriptions_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_threads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"title" text NOT NULL,
	"is_question" boolean DEFAULT false NOT NULL,
	"accepted_post_id" bigint,
	"opened_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" bigint
);
--> statement-breakpoint
ALTER TABLE "discussion_mentions" ADD CONSTRAINT "discussion_mentions_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_mentions" ADD CONSTRAINT "discussion_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_thread_id_discussion_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."discussion_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_subscriptions" ADD CONSTRAINT "discussion_subscriptions_thread_id_discussion_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."discussion_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_subscriptions" ADD CONSTRAINT "discussion_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_accepted_post_id_discussion_posts_id_fk" FOREIGN KEY ("accepted_post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_mentions_user_id_idx" ON "discussion_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discussion_posts_thread_idx" ON "discussion_posts" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "discussion_posts_author_id_idx" ON "discussion_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "discussion_posts_removed_by_idx" ON "discussion_posts" USING btree ("removed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_posts_opening_unique" ON "discussion_posts" USING btree ("thread_id") WHERE "discussion_posts"."is_opening";--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_once_unique" ON "discussion_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "discussion_reports_reporter_id_idx" ON "discussion_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "discussion_subscriptions_user_id_idx" ON "discussion_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "discussion_threads_subject_idx" ON "discussion_threads" USING btree ("subject_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "discussion_threads_institution_id_idx" ON "discussion_threads" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "discussion_threads_author_id_idx" ON "discussion_threads" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "discussion_threads_accepted_post_id_idx" ON "discussion_threads" USING btree ("accepted_post_id");--> statement-breakpoint
CREATE INDEX "discussion_threads_removed_by_idx" ON "discussion_threads" USING btree ("removed_by");