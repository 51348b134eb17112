-- Issue 30: numerical questions (a number within a tolerance of an accepted one, decision 185).
ALTER TYPE "public"."question_kind" ADD VALUE 'numerical' BEFORE 'long';