import { z } from 'zod';
import { personBody } from './students.ts';

/** `POST /api/teachers`, `PATCH /api/teachers/:id`: a teacher or a teacher-administrator. */
export const teacherBody = personBody.extend({
  role: z.enum(['teacher', 'super-teacher']).default('teacher'),
});
export type TeacherBody = z.input<typeof teacherBody>;
