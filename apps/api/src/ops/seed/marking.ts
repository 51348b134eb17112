import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { Tx } from '../../db/client.ts';
import {
  gradeChanges,
  markingProposals,
  markingSheets,
  results,
  rubrics,
  type StoredCriterion,
  submissions,
} from '../../db/schema/index.ts';
import type { IdOf, InstitutionKey } from './keys.ts';
import type { StoreFile } from './lessons.ts';

const HOUR = 3_600_000;

/** The technical report's rubric: four criteria, their levels from the fewest points up. */
const REPORT_RUBRIC: StoredCriterion[] = [
  {
    id: 'structure',
    title: 'Structure du rapport',
    description: 'Introduction, parties, conclusion ; un lecteur s’y retrouve.',
    max_points: 4,
    levels: [
      { id: 'structure-0', title: 'Absente', description: null, points: 0 },
      { id: 'structure-2', title: 'Partielle', description: 'Le plan se devine.', points: 2 },
      { id: 'structure-4', title: 'Claire', description: 'Chaque partie a son rôle.', points: 4 },
    ],
  },
  {
    id: 'choices',
    title: 'Choix d’architecture justifiés',
    description: 'Couches, validation, persistance : chaque choix a sa raison.',
    max_points: 8,
    levels: [
      { id: 'choices-1', title: 'Énumérés', description: null, points: 1 },
      { id: 'choices-4', title: 'En partie justifiés', description: null, points: 4 },
      { id: 'choices-6', title: 'Justifiés', description: null, points: 6 },
      {
        id: 'choices-8',
        title: 'Comparés aux alternatives',
        description: 'Les options écartées sont discutées.',
        points: 8,
      },
    ],
  },
  {
    id: 'schema',
    title: 'Schéma',
    description: null,
    max_points: 4,
    levels: [
      { id: 'schema-0', title: 'Aucun', description: null, points: 0 },
      { id: 'schema-2', title: 'Incomplet', description: null, points: 2 },
      { id: 'schema-4', title: 'Lisible et légendé', description: null, points: 4 },
    ],
  },
  {
    id: 'writing',
    title: 'Expression écrite',
    description: null,
    max_points: 4,
    levels: [
      { id: 'writing-1', title: 'Difficile à lire', description: null, points: 1 },
      { id: 'writing-3', title: 'Correcte', description: null, points: 3 },
      { id: 'writing-4', title: 'Précise', description: null, points: 4 },
    ],
  },
];

/** A short report as a student would write it, as a two-page PDF. */
function reportPdf(author: string, angle: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Rapport d’étape' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.fontSize(20).text('Rapport d’étape : architecture de l’API');
  doc.moveDown(0.5).fontSize(11).fillColor('#555').text(author).fillColor('#000');
  doc.moveDown().fontSize(14).text('1. Contexte');
  doc
    .fontSize(11)
    .text(
      'L’API gère des tâches et leurs étiquettes. Elle doit valider chaque entrée, répondre des erreurs lisibles et rester testable sans base de données réelle.',
    );
  doc.moveDown().fontSize(14).text('2. Choix d’architecture');
  doc.fontSize(11).text(angle);
  doc.addPage().fontSize(14).text('3. Schéma');
  doc.rect(56, 110, 140, 50).stroke().text('Routes', 66, 128);
  doc.rect(236, 110, 140, 50).stroke().text('Services', 246, 128);
  doc.rect(416, 110, 120, 50).stroke().text('Requêtes SQL', 426, 128);
  doc.moveTo(196, 135).lineTo(236, 135).stroke();
  doc.moveTo(376, 135).lineTo(416, 135).stroke();
  doc.text('4. Conclusion', 56, 200).moveDown(0.5);
  doc.text(
    'Les tests couvrent la validation et les erreurs ; la prochaine étape est la pagination.',
  );
  doc.end();
  return done;
}

/**
 * The marking of the formative report `tsReport` (issue 31): its rubric and a copy in the subject's
 * library, four hand-ins (two PDF reports, a TypeScript file, a diagram), one student marked and
 * not yet published, one half marked, two still to mark. Files go through the files adapter like
 * every upload (nothing is seeded without storage).
 */
export async function seedMarking(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    subject: IdOf;
    user: IdOf;
    evaluation: IdOf;
    storeFile?: StoreFile;
  },
): Promise<void> {
  if (!deps.storeFile) return;
  const evaluationId = deps.evaluation('tsReport');
  const institutionId = deps.institution('ulc');
  const subjectId = deps.subject('ts');
  const teacher = deps.user('teacherUni');
  const at = (hoursAgo: number) =>
    new Date(Math.floor((deps.now.getTime() - hoursAgo * HOUR) / 60_000) * 60_000);
  const rubric = { kind: 'rubric', title: 'Rapport technique', criteria: REPORT_RUBRIC };
  await tx.insert(rubrics).values([
    {
      ...rubric,
      institution_id: institutionId,
      subject_id: subjectId,
      evaluation_id: evaluationId,
      created_by: teacher,
      created_at: at(9 * 24),
      updated_at: at(9 * 24),
    },
    {
      ...rubric,
      institution_id: institutionId,
      subject_id: subjectId,
      created_by: teacher,
      created_at: at(9 * 24),
      updated_at: at(9 * 24),
    },
  ]);
  const asset = (name: string) =>
    readFileSync(fileURLToPath(new URL(`./assets/${name}`, import.meta.url)));
  const handIns = [
    {
      student: 'studentUni',
      name: 'rapport-etape.pdf',
      bytes: await reportPdf(
        'Étudiant Démo',
        'Trois couches : les routes déclarent les schémas, les services décident, les requêtes vivent à part. La validation se fait à l’entrée avec zod.',
      ),
      hoursAgo: 3 * 24 + 5,
    },
    {
      student: 'lucas',
      name: 'Bonnet_rapport.pdf',
      bytes: await reportPdf(
        'Lucas Bonnet',
        'Une architecture hexagonale : le domaine ne connaît ni HTTP ni SQL. Nous l’avons comparée à une architecture en couches, plus simple mais plus couplée.',
      ),
      hoursAgo: 4 * 24,
    },
    {
      student: 'juliette',
      name: 'validation.ts',
      bytes: Buffer.from(
        [
          "import { z } from 'zod';",
          '',
          '/** A task as the API accepts it. */',
          'export const taskBody = z.object({',
          '  title: z.string().trim().min(1).max(200),',
          '  due: z.iso.date().optional(),',
          '  tags: z.array(z.string()).max(10).default([]),',
          '});',
          '',
          'export type TaskBody = z.infer<typeof taskBody>;',
          '',
        ].join('\n'),
      ),
      hoursAgo: 2 * 24 + 30,
    },
    {
      student: 'rayan',
      name: 'schema-architecture.png',
      bytes: asset('complexity.png'),
      // After the deadline (day −2 at 18:00, at least 30 hours ago), before the cut-off: late.
      hoursAgo: 20,
    },
  ];
  for (const handIn of handIns) {
    const studentId = deps.user(handIn.student);
    const file = await deps.storeFile(tx, {
      kind: 'submission',
      ownerId: studentId,
      institutionId,
      bytes: handIn.bytes,
      filename: handIn.name,
    });
    const submittedAt = at(handIn.hoursAgo);
    await tx.insert(submissions).values({
      evaluation_id: evaluationId,
      student_id: studentId,
      file_id: file.id,
      submitted_at: submittedAt,
      version: 1,
      created_at: submittedAt,
      updated_at: submittedAt,
    });
  }
  const sheet = (
    student: string,
    levels: Record<string, string | null>,
    comments: Record<string, string> = {},
  ) => {
    const scores = REPORT_RUBRIC.map((criterion) => {
      const level = criterion.levels.find((row) => row.id === levels[criterion.id]);
      return {
        criterion_id: criterion.id,
        level_id: level?.id ?? null,
        points: level?.points ?? null,
        comment: comments[criterion.id] ?? null,
      };
    });
    const points = scores.reduce((sum, score) => sum + (score.points ?? 0), 0);
    const complete = scores.every((score) => score.points !== null);
    return {
      evaluation_id: evaluationId,
      student_id: deps.user(student),
      kind: 'rubric',
      title: rubric.title,
      criteria: REPORT_RUBRIC,
      scores,
      rubric_version: 1,
      points,
      max_points: 20,
      computed: complete ? Math.round((points / 20) * 20 * 100) / 100 : null,
      marked_by: teacher,
      created_at: at(20),
      updated_at: at(20),
    };
  };
  const lucas = sheet(
    'lucas',
    { structure: 'structure-4', choices: 'choices-8', schema: 'schema-2', writing: 'writing-3' },
    { schema: 'Le schéma ne montre pas où vit la validation.' },
  );
  await tx.insert(markingSheets).values([
    lucas,
    sheet('juliette', {
      structure: 'structure-2',
      choices: 'choices-4',
      schema: null,
      writing: null,
    }),
  ]);
  const comment = 'Très bonne comparaison des architectures ; complétez le schéma.';
  const [line] = await tx
    .insert(results)
    .values({
      evaluation_id: evaluationId,
      student_id: deps.user('lucas'),
      grade: lucas.computed,
      comment,
      graded_by: teacher,
      version: 1,
      created_at: at(20),
      updated_at: at(20),
    })
    .returning({ id: results.id });
  await tx.insert(gradeChanges).values({
    result_id: line!.id,
    new_grade: lucas.computed,
    new_comment: comment,
    changed_by: teacher,
    at: at(20),
  });
}

/**
 * The blind-marked code review `tsReview` (decisions 196, 197): two hand-ins, named after their
 * authors as students name their files; its markers see them as participant numbers and neutral
 * names. It is marked twice: the super-teacher has proposed Lucas's grade, which the teacher will
 * see once they propose theirs.
 */
export async function seedBlindReview(
  tx: Tx,
  deps: {
    now: Date;
    institution: IdOf<InstitutionKey>;
    user: IdOf;
    evaluation: IdOf;
    storeFile?: StoreFile;
  },
): Promise<void> {
  if (!deps.storeFile) return;
  const evaluationId = deps.evaluation('tsReview');
  const handIns = [
    { student: 'studentUni', name: 'demo-validation.ts', hoursAgo: 50 },
    { student: 'lucas', name: 'bonnet-validation.ts', hoursAgo: 48 },
  ];
  for (const handIn of handIns) {
    const studentId = deps.user(handIn.student);
    const file = await deps.storeFile(tx, {
      kind: 'submission',
      ownerId: studentId,
      institutionId: deps.institution('ulc'),
      bytes: Buffer.from(
        [
          "import { z } from 'zod';",
          '',
          'export const email = z.string().trim().toLowerCase().email();',
          '',
        ].join('\n'),
      ),
      filename: handIn.name,
    });
    const submittedAt = new Date(
      Math.floor((deps.now.getTime() - handIn.hoursAgo * HOUR) / 60_000) * 60_000,
    );
    await tx.insert(submissions).values({
      evaluation_id: evaluationId,
      student_id: studentId,
      file_id: file.id,
      submitted_at: submittedAt,
      version: 1,
      created_at: submittedAt,
      updated_at: submittedAt,
    });
  }
  const proposedAt = new Date(Math.floor((deps.now.getTime() - 5 * HOUR) / 60_000) * 60_000);
  await tx.insert(markingProposals).values({
    evaluation_id: evaluationId,
    student_id: deps.user('lucas'),
    round: 1,
    marker_id: deps.user('superteacher'),
    grade: 13,
    comment: 'Validation correcte ; les messages d’erreur restent en anglais.',
    created_at: proposedAt,
    updated_at: proposedAt,
  });
}
