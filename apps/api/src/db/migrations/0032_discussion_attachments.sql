-- Attachments of discussion posts (issue 33, decision 202): a file kind and the link of each file to its post.
ALTER TYPE "public"."file_kind" ADD VALUE 'discussion/attachment';--> statement-breakpoint
CREATE TABLE "discussion_attachments" (
	"post_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	CONSTRAINT "discussion_attachments_post_id_file_id_pk" PRIMARY KEY("post_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "discussion_attachments" ADD CONSTRAINT "discussion_attachments_post_id_discussion_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."discussion_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_attachments" ADD CONSTRAINT "discussion_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_attachments_file_unique" ON "discussion_attachments" USING btree ("file_id");