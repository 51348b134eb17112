-- Decision 172: since when no chapter shows a chapter image, by the server's clock; the orphan
-- cleanup deletes one 48 hours after. Images no chapter shows when this runs start counting now.
ALTER TABLE "files" ADD COLUMN "unused_since" timestamp with time zone;--> statement-breakpoint
UPDATE "files" SET "unused_since" = now()
WHERE "kind"::text = 'chapter/image' -- as text: see 0016
	AND NOT EXISTS (SELECT 1 FROM "chapter_images" WHERE "chapter_images"."file_id" = "files"."id");
