import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signedIn } from '../../../test/app.ts';
import {
  createEpisode,
  createInstitution,
  createPromotion,
  createSeminar,
  createUser,
} from '../../../test/factories.ts';
import { episodes, files, promotionTeachers, seminars } from '../../db/schema/index.ts';

const { app, db, clock } = await createTestApp();

const school = await createInstitution(db, { timezone: 'Europe/Paris' });
const otherSchool = await createInstitution(db);
const admin = await createUser(db, 'admin', school.id);
const superTeacher = await createUser(db, 'super-teacher', school.id);
const teacher = await createUser(db, 'teacher', school.id);
const student = await createUser(db, 'student', school.id);
const outsider = await createUser(db, 'student', school.id);
const otherAdmin = await createUser(db, 'admin', otherSchool.id);
const promotion = await createPromotion(db, school.id, {
  students: [student.id],
  teachers: [teacher.id],
});
const otherPromotion = await createPromotion(db, school.id, { students: [outsider.id] });

const as = signedIn(app);

const PDF = readFileSync(new URL('../../ops/seed/demo-syllabus.pdf', import.meta.url));
const BOUNDARY = '----skolar-seminar';
function multipart(
  auth: Record<string, string>,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      file.bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const episodeForm = {
  title: 'Ouverture',
  description: '',
  day: '2027-01-14',
  start_time: '09:00',
  end_time: '10:30',
  location: 'Amphi A',
  online_link: null,
};

describe('seminars', () => {
  it('creates, edits only the given fields, archives and deletes; the list counts episodes', async () => {
    const auth = await as(admin);
    const created = await app.inject({
      method: 'POST',
      url: '/api/seminars',
      headers: auth,
      payload: { promotion_id: promotion.id, title: 'Conférences', description: 'Des métiers' },
    });
    expect(created.statusCode).toBe(201);
    const seminar = created.json();
    expect(seminar).toMatchObject({
      promotion_id: promotion.id,
      visibility: 'private',
      nb_episodes: 0,
      syllabus_link: null,
      time_zone: 'Europe/Paris',
      can: { update: true, delete: true, archive: true },
    });
    await createEpisode(db, seminar.id);
    await createEpisode(db, seminar.id);

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/seminars/${seminar.id}`,
      headers: auth,
      payload: { visibility: 'public' },
    });
    expect(patched.json()).toMatchObject({
      title: 'Conférences',
      description: 'Des métiers',
      visibility: 'public',
      nb_episodes: 2,
    });

    const listed = await app.inject({
      method: 'GET',
      url: `/api/seminars?promotion_id=${promotion.id}&q=confér`,
      headers: auth,
    });
    expect(listed.json().data.map((s: { id: number }) => s.id)).toEqual([seminar.id]);
    expect(listed.json().meta).toEqual({ page: 1, per_page: 25, total: 1 });

    await app.inject({ method: 'POST', url: `/api/seminars/${seminar.id}/archive`, headers: auth });
    const active = await app.inject({ method: 'GET', url: '/api/seminars', headers: auth });
    expect(active.json().data.map((s: { id: number }) => s.id)).not.toContain(seminar.id);
    const archived = await app.inject({
      method: 'GET',
      url: '/api/seminars?archived=true',
      headers: auth,
    });
    expect(archived.json().data.map((s: { id: number }) => s.id)).toContain(seminar.id);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/seminars/${seminar.id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    expect(await db.select().from(episodes).where(eq(episodes.seminar_id, seminar.id))).toEqual([]);
  });

  it('answers 404 outside the scope and leaves the row unchanged; a student cannot write', async () => {
    const seminar = await createSeminar(db, promotion, { title: 'Privé' });
    const episode = await createEpisode(db, seminar.id);
    for (const user of [outsider, otherAdmin]) {
      const auth = await as(user);
      for (const url of [`/api/seminars/${seminar.id}`, `/api/episodes/${episode.id}`]) {
        expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
      }
    }
    const otherPatch = await app.inject({
      method: 'PATCH',
      url: `/api/seminars/${seminar.id}`,
      headers: await as(otherAdmin),
      payload: { title: 'Piraté' },
    });
    expect(otherPatch.statusCode).toBe(404);
    const studentPatch = await app.inject({
      method: 'PATCH',
      url: `/api/seminars/${seminar.id}`,
      headers: await as(student),
      payload: { title: 'Piraté' },
    });
    expect(studentPatch.statusCode).toBe(403);
    const studentEpisode = await app.inject({
      method: 'POST',
      url: `/api/seminars/${seminar.id}/episodes`,
      headers: await as(student),
      payload: episodeForm,
    });
    expect(studentEpisode.statusCode).toBe(403);
    const [row] = await db.select().from(seminars).where(eq(seminars.id, seminar.id));
    expect(row!.title).toBe('Privé');

    const own = await app.inject({
      method: 'GET',
      url: `/api/seminars/${seminar.id}`,
      headers: await as(student),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().can).toEqual({ update: false, delete: false, archive: false });
  });

  it('lets a teacher reach only the seminars of the promotions they are assigned to', async () => {
    const mine = await createSeminar(db, promotion);
    const notMine = await createSeminar(db, otherPromotion);
    const auth = await as(teacher);
    const listed = await app.inject({ method: 'GET', url: '/api/seminars', headers: auth });
    const ids = listed.json().data.map((s: { id: number }) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(notMine.id);
    const edit = (id: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/seminars/${id}`,
        headers: auth,
        payload: { description: 'Par l’enseignant' },
      });
    expect((await edit(mine.id)).statusCode).toBe(200);
    expect((await edit(notMine.id)).statusCode).toBe(404);
    const foreignEpisode = await createEpisode(db, notMine.id, { title: 'Pas à moi' });
    const episodeAnswers = await Promise.all([
      app.inject({ method: 'GET', url: `/api/episodes/${foreignEpisode.id}`, headers: auth }),
      app.inject({
        method: 'POST',
        url: `/api/seminars/${notMine.id}/episodes`,
        headers: auth,
        payload: episodeForm,
      }),
      app.inject({
        method: 'PATCH',
        url: `/api/episodes/${foreignEpisode.id}`,
        headers: auth,
        payload: { title: 'Piraté' },
      }),
    ]);
    expect(episodeAnswers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    const [untouched] = await db.select().from(episodes).where(eq(episodes.id, foreignEpisode.id));
    expect(untouched!.title).toBe('Pas à moi');
    expect(
      await db.select().from(episodes).where(eq(episodes.seminar_id, notMine.id)),
    ).toHaveLength(1);
    const create = await app.inject({
      method: 'POST',
      url: '/api/seminars',
      headers: auth,
      payload: { promotion_id: promotion.id, title: 'Refusé' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('creates a seminar only in a promotion of the institution (another one is 404)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/seminars',
      headers: await as(otherAdmin),
      payload: { promotion_id: promotion.id, title: 'Ailleurs' },
    });
    expect(response.statusCode).toBe(404);
    // A super-teacher adds seminars only to the promotions assigned to them.
    const bySuperTeacher = () =>
      as(superTeacher).then((headers) =>
        app.inject({
          method: 'POST',
          url: '/api/seminars',
          headers,
          payload: { promotion_id: promotion.id, title: 'Par le super-enseignant' },
        }),
      );
    expect((await bySuperTeacher()).statusCode).toBe(404);
    await db
      .insert(promotionTeachers)
      .values({ promotion_id: promotion.id, teacher_id: superTeacher.id });
    expect((await bySuperTeacher()).statusCode).toBe(201);
  });

  it('stores a PDF syllabus readable by the promotion, refuses another type with 415', async () => {
    const seminar = await createSeminar(db, promotion);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/seminars/${seminar.id}/syllabus`,
      ...multipart(
        await as(admin),
        {},
        { name: 'notes.txt', bytes: Buffer.from('plain text, not a PDF') },
      ),
    });
    expect(refused.statusCode).toBe(415);
    const stored = await app.inject({
      method: 'POST',
      url: `/api/seminars/${seminar.id}/syllabus`,
      ...multipart(await as(admin), {}, { name: 'syllabus.pdf', bytes: PDF }),
    });
    expect(stored.statusCode).toBe(200);
    const link = stored.json().syllabus_link as string;
    expect(stored.json().syllabus_name).toBe('syllabus.pdf');
    const [file] = await db
      .select()
      .from(files)
      .where(eq(files.id, Number(link.split('/').pop())));
    expect(file).toMatchObject({ kind: 'seminar/syllabus', mime: 'application/pdf' });

    const byStudent = await app.inject({ method: 'GET', url: link, headers: await as(student) });
    expect(byStudent.statusCode).toBe(200);
    expect(byStudent.headers['content-type']).toBe('application/pdf');
    expect(
      (await app.inject({ method: 'GET', url: link, headers: await as(outsider) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(401);

    await db.update(seminars).set({ visibility: 'public' }).where(eq(seminars.id, seminar.id));
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: link, headers: await as(outsider) })).statusCode,
    ).toBe(200);
  });
});

describe('episodes', () => {
  it("stores the instants of a day and times typed in the institution's zone", async () => {
    const seminar = await createSeminar(db, promotion);
    const auth = await as(teacher);
    const winter = await app.inject({
      method: 'POST',
      url: `/api/seminars/${seminar.id}/episodes`,
      headers: auth,
      payload: episodeForm,
    });
    expect(winter.statusCode).toBe(201);
    expect(winter.json()).toMatchObject({
      starts_at: '2027-01-14T08:00:00.000Z',
      ends_at: '2027-01-14T09:30:00.000Z',
      day: '2027-01-14',
      start_time: '09:00',
      end_time: '10:30',
      time_zone: 'Europe/Paris',
      position: 1,
    });
    const summer = await app.inject({
      method: 'PATCH',
      url: `/api/episodes/${winter.json().id}`,
      headers: auth,
      payload: { day: '2027-06-14' },
    });
    expect(summer.statusCode).toBe(200);
    expect(summer.json()).toMatchObject({
      starts_at: '2027-06-14T07:00:00.000Z',
      ends_at: '2027-06-14T08:30:00.000Z',
      start_time: '09:00',
      title: 'Ouverture',
      location: 'Amphi A',
    });
    const [row] = await db.select().from(episodes).where(eq(episodes.id, winter.json().id));
    expect(row!.starts_at.toISOString()).toBe('2027-06-14T07:00:00.000Z');
  });

  it('answers 422 per field: ends before it starts, neither place nor link, a bad link', async () => {
    const seminar = await createSeminar(db, promotion);
    const auth = await as(admin);
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/seminars/${seminar.id}/episodes`,
        headers: auth,
        payload: { ...episodeForm, ...payload },
      });
    const backwards = await post({ start_time: '11:00', end_time: '10:00' });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['end_time']);
    const nowhere = await post({ location: '', online_link: null });
    expect(nowhere.statusCode).toBe(422);
    expect(Object.keys(nowhere.json().errors).sort()).toEqual(['location', 'online_link']);
    const script = await post({ online_link: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(422);
    expect(Object.keys(script.json().errors)).toEqual(['online_link']);
    const noDay = await post({ day: '2027-02-31' });
    expect(noDay.statusCode).toBe(422);
    expect(Object.keys(noDay.json().errors)).toEqual(['day']);
    expect(await db.select().from(episodes).where(eq(episodes.seminar_id, seminar.id))).toEqual([]);

    const online = await post({ location: null, online_link: 'https://visio.example.test/a' });
    expect(online.statusCode).toBe(201);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/episodes/${online.json().id}`,
      headers: await as(admin),
      payload: { online_link: null },
    });
    expect(patched.statusCode).toBe(422);
    expect(Object.keys(patched.json().errors).sort()).toEqual(['location', 'online_link']);
  });

  it('adds link and file resources, serves the file to the promotion, removes them', async () => {
    const seminar = await createSeminar(db, promotion);
    const episode = await createEpisode(db, seminar.id, { location: 'Salle 1' });
    const auth = await as(teacher);
    const link = await app.inject({
      method: 'POST',
      url: `/api/episodes/${episode.id}/resources`,
      headers: auth,
      payload: { title: 'Diapositives', url: 'https://slides.example.test/1' },
    });
    expect(link.statusCode).toBe(201);
    const badLink = await app.inject({
      method: 'POST',
      url: `/api/episodes/${episode.id}/resources`,
      headers: auth,
      payload: { title: 'X', url: 'ftp://example.test/x' },
    });
    expect(badLink.statusCode).toBe(422);
    expect(Object.keys(badLink.json().errors)).toEqual(['url']);
    const file = await app.inject({
      method: 'POST',
      url: `/api/episodes/${episode.id}/resources`,
      ...multipart(auth, { title: 'Plan du cours' }, { name: 'plan.pdf', bytes: PDF }),
    });
    expect(file.statusCode).toBe(201);
    const resources = file.json().resources;
    expect(resources).toMatchObject([
      { kind: 'link', title: 'Diapositives', url: 'https://slides.example.test/1', position: 1 },
      { kind: 'file', title: 'Plan du cours', file_name: 'plan.pdf', position: 2 },
    ]);
    const served = await app.inject({
      method: 'GET',
      url: resources[1].url,
      headers: await as(student),
    });
    expect(served.statusCode).toBe(200);
    const hidden = await app.inject({
      method: 'GET',
      url: resources[1].url,
      headers: await as(outsider),
    });
    expect(hidden.statusCode).toBe(404);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/episodes/${episode.id}/resources/${resources[0].id}`,
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    const after = await app.inject({
      method: 'GET',
      url: `/api/episodes/${episode.id}`,
      headers: auth,
    });
    expect(after.json().resources.map((r: { title: string }) => r.title)).toEqual([
      'Plan du cours',
    ]);
  });
});

describe('the student space and the public catalogue', () => {
  it("lists the student's seminars with the next episode that has not ended", async () => {
    const seminar = await createSeminar(db, promotion, { title: 'AAA Mon séminaire' });
    const now = clock.now().getTime();
    const hour = 3_600_000;
    await createEpisode(db, seminar.id, {
      title: 'Passé',
      starts_at: new Date(now - 48 * hour),
      ends_at: new Date(now - 47 * hour),
    });
    await createEpisode(db, seminar.id, {
      title: 'Suivant',
      starts_at: new Date(now + 24 * hour),
      ends_at: new Date(now + 25 * hour),
      location: 'Amphi B',
    });
    await createEpisode(db, seminar.id, {
      title: 'Plus tard',
      starts_at: new Date(now + 240 * hour),
      ends_at: new Date(now + 241 * hour),
    });
    const foreign = await createSeminar(db, otherPromotion, { title: 'AAA Pas le mien' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/me/seminars',
      headers: await as(student),
    });
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((s: { id: number }) => s.id);
    expect(ids).toContain(seminar.id);
    expect(ids).not.toContain(foreign.id);
    const mine = response.json().find((s: { id: number }) => s.id === seminar.id);
    expect(mine.nb_episodes).toBe(3);
    expect(mine.next_episode).toMatchObject({ title: 'Suivant', location: 'Amphi B' });
  });

  it('lists public, non-archived seminars of open institutions, without signing in', async () => {
    const open = await createSeminar(db, promotion, { visibility: 'public', title: 'Ouvert' });
    const hidden = await createSeminar(db, promotion, { visibility: 'private' });
    const archived = await createSeminar(db, promotion, {
      visibility: 'public',
      archived_at: clock.now(),
    });
    const closed = await createInstitution(db, { archived_at: clock.now() });
    const closedSeminar = await createSeminar(db, await createPromotion(db, closed.id), {
      visibility: 'public',
    });
    const start = new Date(clock.now().getTime() + 86_400_000);
    await createEpisode(db, open.id, { starts_at: start, ends_at: start });
    const response = await app.inject({ method: 'GET', url: '/api/event/seminar' });
    expect(response.statusCode).toBe(200);
    const ids = response.json().map((s: { id: number }) => s.id);
    expect(ids).toContain(open.id);
    for (const id of [hidden.id, archived.id, closedSeminar.id]) expect(ids).not.toContain(id);
    expect(response.json().find((s: { id: number }) => s.id === open.id)).toEqual({
      id: open.id,
      title: 'Ouvert',
      description: '',
      promotion_name: promotion.name,
      nb_episodes: 1,
      syllabus_link: null,
      next_episode_at: start.toISOString(),
      institution: expect.objectContaining({ id: school.id }),
    });
  });
});
