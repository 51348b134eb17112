-- Decision 175: when a published grade, absence or comment last changed, shown to the student with it.
ALTER TABLE "results" ADD COLUMN "corrected_at" timestamp with time zone;
