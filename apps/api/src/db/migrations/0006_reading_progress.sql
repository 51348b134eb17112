CREATE TABLE "chapter_progress" (
	"student_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "chapter_progress_student_id_chapter_id_pk" PRIMARY KEY("student_id","chapter_id")
);
--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_progress_chapter_id_idx" ON "chapter_progress" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "chapter_progress_opened_idx" ON "chapter_progress" USING btree ("student_id","opened_at");