CREATE TABLE "exam_accommodations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_accommodations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"evaluation_id" bigint NOT NULL,
	"student_id" bigint NOT NULL,
	"extra_minutes" integer NOT NULL,
	"granted_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_accommodations_evaluation_student_unique" UNIQUE("evaluation_id","student_id"),
	CONSTRAINT "exam_accommodations_extra_check" CHECK ("exam_accommodations"."extra_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "typed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "shuffle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_accommodations_student_id_idx" ON "exam_accommodations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "exam_accommodations_granted_by_idx" ON "exam_accommodations" USING btree ("granted_by");