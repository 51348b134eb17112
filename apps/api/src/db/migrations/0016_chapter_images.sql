-- Decision 172: a chapter image is readable through the chapter that shows it, recorded here when the
-- chapter is saved, instead of through any readable chapter whose text names its address (which let
-- a teacher of one institution show another institution's images to their students).
CREATE TABLE "chapter_images" (
	"chapter_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	CONSTRAINT "chapter_images_chapter_id_file_id_pk" PRIMARY KEY("chapter_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "chapter_images" ADD CONSTRAINT "chapter_images_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_images" ADD CONSTRAINT "chapter_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_images_file_id_idx" ON "chapter_images" USING btree ("file_id");--> statement-breakpoint
-- The links of the chapters saved before this migration: the images their content shows, when the
-- file is a chapter image of the lesson's own institution (another institution's file stays unlinked,
-- so it is no longer served through that chapter). The kind is compared as text: on a new database
-- every migration runs in one transaction, where PostgreSQL refuses a value its enum gained in it
-- (0004 adds 'chapter/image').
INSERT INTO "chapter_images" ("chapter_id", "file_id")
SELECT DISTINCT "chapters"."id", "files"."id"
FROM "chapters"
JOIN "lessons" ON "lessons"."id" = "chapters"."lesson_id"
JOIN "files" ON "files"."kind"::text = 'chapter/image'
	AND "files"."institution_id" = "lessons"."institution_id"
	AND strpos("chapters"."content", '"/api/files/' || "files"."id" || '"') > 0;
