import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../../db/client.ts';
import {
  attendanceJustifications,
  attendanceMarks,
  attendanceSessions,
  attendanceSignatures,
  institutions,
  trainings,
  users,
} from '../../db/schema/index.ts';
import { sha256, statementOf } from '../../modules/attendance/signatures.service.ts';
import { dayOf, type IdOf, type InstitutionKey, instantOf, type PromotionKey } from './keys.ts';
import type { StoreFile } from './lessons.ts';
import { PROMOTION_STUDENTS } from './people.ts';

/**
 * Attendance (issue 32): the L3's revision workshop of this morning, taken by hand by the
 * teacher — two learners checked themselves in, one arrived late, the rest to call — and
 * yesterday's closed practical session with its whole roll call, signed by the learners who were
 * there and by the teacher.
 */
export async function seedAttendance(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    user: IdOf;
    promotion: IdOf<PromotionKey>;
    training: IdOf;
    storeFile?: StoreFile;
  },
): Promise<void> {
  const at = (days: number, time: string) => instantOf(deps.now, 'ulc', days, time);
  const base = {
    institution_id: deps.institution('ulc'),
    kind: 'manual' as const,
    audience: 'promotion' as const,
    audience_id: deps.promotion('ulcL3'),
    training_id: deps.training('algoProg'),
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
  // The L3's training expects 80 % attendance: the learner absent yesterday is under it.
  await tx
    .update(trainings)
    .set({ attendance_threshold: 80 })
    .where(eq(trainings.id, deps.training('algoProg')));
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
  await signYesterday(
    tx,
    deps,
    yesterday!.id,
    students.filter((student) => student !== fourth),
  );
  if (deps.storeFile) await justifyYesterday(tx, deps, deps.storeFile, fourth!);
}

/**
 * The learner absent yesterday sent a medical note (a photographed page), waiting for the
 * admin's decision (decision 199).
 */
async function justifyYesterday(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey> },
  storeFile: StoreFile,
  studentId: number,
) {
  const lines = [150, 180, 210, 240, 300, 330]
    .map(
      (y) =>
        `<rect x="60" y="${y}" width="${y % 60 === 0 ? 380 : 460}" height="10" fill="#c8cdd6"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#fdfdf8"/><rect x="60" y="60" width="220" height="24" fill="#2a4d8f"/>${lines}<circle cx="450" cy="620" r="60" fill="none" stroke="#2a4d8f" stroke-width="6"/><path d="M360 700 C 400 660, 440 740, 520 690" stroke="#141e3c" stroke-width="4" fill="none"/></svg>`;
  const file = await storeFile(tx, {
    kind: 'attendance/justification',
    ownerId: studentId,
    institutionId: deps.institution('ulc'),
    bytes: await sharp(Buffer.from(svg)).png().toBuffer(),
    filename: 'certificat-medical.png',
  });
  const yesterday = dayOf(deps.now, 'ulc', -1);
  await tx.insert(attendanceJustifications).values({
    institution_id: deps.institution('ulc'),
    student_id: studentId,
    from_day: yesterday,
    to_day: yesterday,
    reason: 'Rendez-vous médical (certificat joint).',
    file_id: file.id,
    created_at: instantOf(deps.now, 'ulc', -1, '19:12'),
    updated_at: instantOf(deps.now, 'ulc', -1, '19:12'),
  });
}

/** A hand-drawn-looking signature: a stroke through a few points, as a PNG data URL. */
async function drawnSignature(seed: number) {
  const y = (index: number) => 40 + Math.round(25 * Math.sin(seed + index * 1.7));
  const path = [0, 1, 2, 3, 4, 5]
    .map(
      (index) =>
        `${index === 0 ? 'M' : 'S'} ${20 + index * 40} ${y(index)} ${40 + index * 40} ${y(index + 1)}`,
    )
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="280" height="90"><rect width="280" height="90" fill="#fff"/><path d="${path}" fill="none" stroke="#141e3c" stroke-width="3" stroke-linecap="round"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { image: `data:image/png;base64,${png.toString('base64')}`, sha256: sha256(png) };
}

/** The closed session's signatures: each learner there for the afternoon, and the teacher. */
async function signYesterday(
  tx: Tx,
  deps: { now: Date; institution: IdOf<InstitutionKey>; user: IdOf },
  sessionId: number,
  learners: number[],
) {
  const [session] = await tx
    .select()
    .from(attendanceSessions)
    .where(eq(attendanceSessions.id, sessionId));
  const [institution] = await tx
    .select({ name: institutions.name, zone: institutions.timezone })
    .from(institutions)
    .where(eq(institutions.id, deps.institution('ulc')));
  const people = await tx
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(inArray(users.id, [...learners, deps.user('teacherUni')]));
  const marks = await tx
    .select()
    .from(attendanceMarks)
    .where(eq(attendanceMarks.session_id, sessionId));
  const rows = [];
  for (const [index, signerId] of [...learners, deps.user('teacherUni')].entries()) {
    const trainer = signerId === deps.user('teacherUni');
    const person = people.find((row) => row.id === signerId)!;
    const mark = marks.find((row) => row.student_id === signerId);
    const drawn = await drawnSignature(index);
    const signedAt = new Date(
      session!.ends_at.getTime() - (trainer ? -120_000 : 600_000 - index * 7_000),
    );
    const statement = statementOf({
      institution: institution!.name,
      session: session!,
      zone: institution!.zone,
      halfDay: trainer ? null : 'pm',
      signer: { id: signerId, name: `${person.first_name} ${person.last_name}` },
      role: trainer ? 'trainer' : 'learner',
      status: mark?.status ?? null,
      lateMinutes: mark?.late_minutes ?? null,
      imageSha256: drawn.sha256,
      signedAt,
      device: trainer ? 'own' : 'trainer',
    });
    rows.push({
      session_id: sessionId,
      signer_id: signerId,
      role: trainer ? ('trainer' as const) : ('learner' as const),
      half_day: trainer ? null : ('pm' as const),
      image: drawn.image,
      statement,
      statement_sha256: sha256(statement),
      device: trainer ? ('own' as const) : ('trainer' as const),
      recorded_by: deps.user('teacherUni'),
      signed_at: signedAt,
    });
  }
  await tx.insert(attendanceSignatures).values(rows);
}
