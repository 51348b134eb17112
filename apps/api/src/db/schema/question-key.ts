// The answer key of a question, an exam's (evaluations.ts) or a bank's (question-bank.ts).

/**
 * Correct choices (indexes into `choices`) or accepted short answers, and the fraction of the
 * points each choice or accepted answer earns when the question gives partial credit (`weights`,
 * -1 to 1, Moodle's grades); never sent to students.
 */
export interface QuestionAnswerKey {
  choices?: number[];
  accepted?: string[];
  /** A numerical question's accepted numbers, each with how far from it still counts. */
  numbers?: Array<{ value: number; tolerance: number }>;
  weights?: number[];
  /** A short answer compared with its case (Moodle's `usecase`). */
  case_sensitive?: boolean;
  /** A matching question's key: for each item, the index of its answer in `options`. */
  pairs?: number[];
  /** Feedback per choice, accepted answer or number ('' for none), released with the answers. */
  feedback?: string[];
  /** Feedback whatever the answer, released with the answers. */
  general?: string;
}
