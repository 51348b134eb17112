import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEvaluation,
  createInstitution,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { files, mailOutbox, submissions } from '../../db/schema/index.ts';

// The clock starts on 2026-11-22 at 10:00Z: both evaluations are open from 2026-11-20 on.
const { app, db, ctx } = await createTestApp();

const MB = 1024 * 1024;
const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const [many, heavy, racer, reader] = await Promise.all(
  [1, 2, 3, 4].map(() => createUser(db, 'student', school.id, { locale: 'en' })),
);
const promotion = await createPromotion(db, school.id, {
  students: [many!.id, heavy!.id, racer!.id, reader!.id],
});
const training = await createTraining(db, promotion);
const subject = await createSubject(db, school.id);
const project = await createEvaluation(db, training, subject.id, {
  type: 'project',
  date: '2026-11-20',
  deadline: new Date('2026-12-20T17:00:00Z'),
});
const exam = await createEvaluation(db, training, subject.id, { date: '2026-11-23' });

const as = signedIn(app);
const BOUNDARY = '----skolar-quota';

/** A hand-in of `bytes` as a text file (UTF-8, so the server takes it as text/plain). */
async function handIn(
  user: { id: number; email: string },
  bytes: Buffer,
  language = 'en',
  name = 'notes.txt',
) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/api/evaluations/${project.id}/submissions`,
    headers: {
      ...(await as(user)),
      'accept-language': language,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
}
const text = (size: number, fill = 'a') => Buffer.alloc(size, fill);

/** What is kept of a student's hand-ins: rows, file rows, the bytes on disk, receipt mails. */
async function kept(student: { id: number; email: string }) {
  const rows = await db
    .select({ key: files.storage_key })
    .from(submissions)
    .innerJoin(files, eq(files.id, submissions.file_id))
    .where(and(eq(submissions.evaluation_id, project.id), eq(submissions.student_id, student.id)));
  const owned = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.owner_id, student.id), eq(files.kind, 'submission')));
  const mails = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, student.email));
  return { versions: rows.length, files: owned.length, mails: mails.length };
}

/** Every file the storage holds under the hand-ins' folder (DATA_DIR/uploads/submission). */
function storedHandIns(): number {
  const root = join(ctx.config.DATA_DIR, 'uploads', 'submission');
  if (!existsSync(root)) return 0;
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  ).length;
}

describe('hand-in quotas (20 versions, 100 MB per student and project)', () => {
  it('says which version of 20 each receipt is, then refuses the 21st with 409 and stores nothing', async () => {
    for (let version = 1; version <= 20; version += 1) {
      const response = await handIn(many!, text(1000, String(version % 10)));
      expect(response.statusCode, `version ${version}`).toBe(201);
      expect(response.json()).toMatchObject({
        version,
        quota: {
          versions_used: version,
          versions_max: 20,
          bytes_used: version * 1000,
          bytes_max: 100 * MB,
        },
      });
    }
    const files = storedHandIns();
    const refused = await handIn(many!, text(1000));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'You have handed in 20 versions of this project, the most it takes: this file was not stored.',
      quota: { versions_used: 20, versions_max: 20, bytes_used: 20_000, bytes_max: 100 * MB },
    });
    const french = await handIn(many!, text(1000), 'fr');
    expect(french.json().message).toBe(
      'Vous avez rendu 20 versions de ce projet, le maximum : ce fichier n’a pas été enregistré.',
    );
    const german = await handIn(many!, text(1000), 'de');
    expect(german.json().message).toMatch(/^Sie haben 20 Versionen dieses Projekts abgegeben/);
    expect(await kept(many!)).toEqual({ versions: 20, files: 20, mails: 20 });
    expect(storedHandIns()).toBe(files);
  });

  it('refuses a file that would take the student past 100 MB with 413, storing nothing; of two sent at once only one fits', async () => {
    // The security review's burst: five 19 MB hand-ins, all taken (95 MB).
    for (let version = 1; version <= 5; version += 1) {
      expect((await handIn(heavy!, text(19 * MB))).statusCode, `version ${version}`).toBe(201);
    }
    let files = storedHandIns();
    const race = await Promise.all([handIn(heavy!, text(3 * MB)), handIn(heavy!, text(3 * MB))]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    expect(storedHandIns()).toBe(files + 1);

    files = storedHandIns();
    const refused = await handIn(heavy!, text(3 * MB));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      message:
        'This file would take your hand-ins to this project past 100 MB (98 MB already used): it was not stored.',
      quota: { versions_used: 6, versions_max: 20, bytes_used: 98 * MB, bytes_max: 100 * MB },
    });
    expect((await handIn(heavy!, text(3 * MB), 'fr')).json().message).toBe(
      'Avec ce fichier, vos rendus de ce projet dépasseraient 100 Mo (98 Mo déjà utilisés) : il n’a pas été enregistré.',
    );
    expect((await handIn(heavy!, text(3 * MB), 'de')).json().message).toMatch(
      /^Mit dieser Datei würden Ihre Abgaben zu diesem Projekt 100 MB überschreiten/,
    );
    expect(await kept(heavy!)).toEqual({ versions: 6, files: 6, mails: 6 });
    expect(storedHandIns()).toBe(files);

    const fits = await handIn(heavy!, text(2 * MB));
    expect(fits.statusCode).toBe(201);
    expect(fits.json().quota).toEqual({
      versions_used: 7,
      versions_max: 20,
      bytes_used: 100 * MB,
      bytes_max: 100 * MB,
    });
    expect((await handIn(heavy!, text(1))).statusCode).toBe(413);
    expect(await kept(heavy!)).toEqual({ versions: 7, files: 7, mails: 7 });
  });

  it('lets one of two uploads sent at once take the last version, and stores the other nowhere', async () => {
    for (let version = 1; version <= 19; version += 1) {
      expect((await handIn(racer!, text(100))).statusCode).toBe(201);
    }
    const files = storedHandIns();
    const answers = await Promise.all([handIn(racer!, text(100)), handIn(racer!, text(200))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 201)!.json().version).toBe(20);
    expect(await kept(racer!)).toEqual({ versions: 20, files: 20, mails: 20 });
    expect(storedHandIns()).toBe(files + 1);
  });

  it('shows the quota used on the student’s evaluation page, none for an exam', async () => {
    expect((await handIn(reader!, text(3 * MB))).statusCode).toBe(201);
    const page = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${project.id}`,
      headers: await as(reader!),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().quota).toEqual({
      versions_used: 1,
      versions_max: 20,
      bytes_used: 3 * MB,
      bytes_max: 100 * MB,
    });
    const examPage = await app.inject({
      method: 'GET',
      url: `/api/me/evaluations/${exam.id}`,
      headers: await as(reader!),
    });
    expect(examPage.json().quota).toBeNull();
  });
});
