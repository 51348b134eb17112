-- The notification centre and announcements (issue 33, decisions 200 and 201): notifications, per-type preferences, the digest's settings, the unsubscribe links of the mails as one-time tokens, and announcements.
ALTER TYPE "public"."token_purpose" ADD VALUE 'unsubscribe';--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"audience" text NOT NULL,
	"audience_id" bigint,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcements_audience_check" CHECK (("announcements"."audience" = 'institution') = ("announcements"."audience_id" IS NULL) AND "announcements"."audience" IN ('institution', 'promotion', 'group'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"delivery" text NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_preferences_delivery_check" CHECK ("notification_preferences"."delivery" IN ('app', 'instant', 'digest', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"digest_hour" smallint DEFAULT 7 NOT NULL,
	"time_zone" text,
	"digest_sent_at" timestamp with time zone,
	CONSTRAINT "notification_settings_hour_check" CHECK ("notification_settings"."digest_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" bigint,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text,
	"mail" text DEFAULT 'none' NOT NULL,
	"read_at" timestamp with time zone,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notifications_mail_check" CHECK ("notifications"."mail" IN ('none', 'queued', 'digest', 'digested'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_institution_idx" ON "announcements" USING btree ("institution_id","published_at");--> statement-breakpoint
CREATE INDEX "announcements_author_id_idx" ON "announcements" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("publish_at") WHERE "announcements"."published_at" IS NULL AND "announcements"."withdrawn_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."mail" = 'digest';--> statement-breakpoint
CREATE INDEX "notifications_institution_id_idx" ON "notifications" USING btree ("institution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_unique" ON "notifications" USING btree ("user_id","type","dedupe_key") WHERE "notifications"."dedupe_key" IS NOT NULL;