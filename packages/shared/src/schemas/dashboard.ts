import { z } from 'zod';
import { evaluationStatusField } from './evaluations.ts';

/** `GET /api/me/dashboard`: counts of what the actor may see, and their next evaluations. */
export const dashboardAnswer = z.object({
  counts: z.array(z.object({ key: z.string(), value: z.number().int() })),
  upcoming: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(['exam', 'project']),
      title: z.string(),
      /** When it is due, in the institution's zone: an exam's day and start, a project's deadline. */
      date: z.string(),
      start_time: z.string().nullable(),
      /** The subject's id: the staff's page of the evaluation is under it. */
      subject_id: z.number().int(),
      subject: z.string(),
      training: z.string(),
      /** The student's status (evaluation-status.ts); null for staff. */
      status: evaluationStatusField.nullable(),
    }),
  ),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
