import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { attendanceMarks, attendanceSessions } from '../../db/schema/index.ts';
import { type IdOf, type InstitutionKey, instantOf, type PromotionKey } from './keys.ts';
import { PROMOTION_STUDENTS } from './people.ts';

/**
 * Attendance (issue 32): the L3's revision workshop of this morning, taken by hand by the
 * teacher — two learners checked themselves in, one arrived late, the rest to call — and
 * yesterday's closed practical session with its whole roll call.
 */
export async function seedAttendance(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    user: IdOf;
    promotion: IdOf<PromotionKey>;
  },
): Promise<void> {
  const at = (days: number, time: string) => instantOf(deps.now, 'ulc', days, time);
  const base = {
    institution_id: deps.institution('ulc'),
    kind: 'manual' as const,
    audience: 'promotion' as const,
    audience_id: deps.promotion('ulcL3'),
    trainer_id: deps.user('teacherUni'),
    created_by: deps.user('teacherUni'),
  };
  const [today, yesterday] = await tx
    .insert(attendanceSessions)
    .values([
      {
        ...base,
        title: 'Atelier de révision : graphes',
        starts_at: at(0, '08:30'),
        ends_at: at(0, '12:30'),
        code_secret: randomBytes(32).toString('hex'),
      },
      {
        ...base,
        title: 'TP de programmation fonctionnelle',
        starts_at: at(-1, '13:30'),
        ends_at: at(-1, '17:00'),
        code_secret: randomBytes(32).toString('hex'),
        closed_at: at(-1, '17:05'),
        closed_by: deps.user('teacherUni'),
      },
    ])
    .returning({ id: attendanceSessions.id });
  const students = PROMOTION_STUDENTS.ulcL3.map((key) => deps.user(key));
  const line = (
    session: number,
    student: number,
    half_day: 'am' | 'pm',
    status: 'present' | 'late' | 'absent' | 'excused',
    extra: Partial<typeof attendanceMarks.$inferInsert> = {},
  ) => ({
    session_id: session,
    student_id: student,
    half_day,
    status,
    late_minutes: null,
    source: 'roll_call' as const,
    recorded_by: deps.user('teacherUni'),
    ...extra,
  });
  const [first, second, third, fourth] = students;
  await tx.insert(attendanceMarks).values([
    line(today!.id, second!, 'am', 'present', {
      source: 'check_in',
      checked_in_at: at(0, '08:27'),
      recorded_by: second!,
    }),
    line(today!.id, third!, 'am', 'late', {
      source: 'check_in',
      late_minutes: 14,
      checked_in_at: at(0, '08:44'),
      recorded_by: third!,
    }),
    ...students.map((student) =>
      student === first
        ? line(yesterday!.id, student, 'pm', 'late', { late_minutes: 10 })
        : student === fourth
          ? line(yesterday!.id, student, 'pm', 'absent', { remark: 'Prévenu par e-mail' })
          : line(yesterday!.id, student, 'pm', 'present'),
    ),
  ]);
}
