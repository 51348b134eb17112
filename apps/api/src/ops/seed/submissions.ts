import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tx } from '../../db/client.ts';
import { submissions } from '../../db/schema/index.ts';
import { DAY, type IdOf, type InstitutionKey } from './keys.ts';
import type { StoreFile } from './lessons.ts';

/**
 * An earlier hand-in (version 1) of student@uni for the open project `tsApi`, two days ago, so a
 * teacher sees it in the roster and the student can hand in version 2. Stored through the files
 * adapter like every upload (skipped when the seed runs without storage).
 */
export async function seedSubmissions(
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
  const student = deps.user('studentUni');
  const file = await deps.storeFile(tx, {
    kind: 'submission',
    ownerId: student,
    institutionId: deps.institution('ulc'),
    bytes: readFileSync(fileURLToPath(new URL('./assets/api-rest-v1.zip', import.meta.url))),
    filename: 'api-rest-v1.zip',
  });
  const submittedAt = new Date(Math.floor((deps.now.getTime() - 2 * DAY) / 60_000) * 60_000);
  await tx.insert(submissions).values({
    evaluation_id: deps.evaluation('tsApi'),
    student_id: student,
    file_id: file.id,
    submitted_at: submittedAt,
    version: 1,
    created_at: submittedAt,
    updated_at: submittedAt,
  });
}
