import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import {
  createChapter,
  createInstitution,
  createLesson,
  createModule,
  createPromotion,
  createSubject,
  createTraining,
  createUser,
} from '../../../test/factories.ts';
import { chapters, files, lessons } from '../../db/schema/index.ts';
import { storageFor } from '../../files/storage.ts';
import { deleteOrphanImages } from '../../jobs/orphan-images.ts';

const { app, db, ctx, clock } = await createTestApp();
const HOUR = 60 * 60 * 1000;

const institution = await createInstitution(db);
const teacher = await createUser(db, 'teacher', institution.id);
const colleague = await createUser(db, 'teacher', institution.id);
const student = await createUser(db, 'student', institution.id);
const admin = await createUser(db, 'admin', institution.id);
const taught = await createSubject(db, institution.id, [teacher.id]);
const notTaught = await createSubject(db, institution.id, [colleague.id]);
const promotion = await createPromotion(db, institution.id, { students: [student.id] });
const training = await createTraining(db, promotion);
await createModule(db, institution.id, {
  trainingId: training.id,
  subjectIds: [taught.id, notTaught.id],
});

const elsewhere = await createInstitution(db);
const otherAdmin = await createUser(db, 'admin', elsewhere.id);
const otherTeacher = await createUser(db, 'teacher', elsewhere.id);

const as = async (user: { email: string }) => bearer((await signIn(app, user.email)).accessToken);
const T = await as(teacher);
const S = await as(student);
const A = await as(admin);
const A2 = await as(otherAdmin);
const T2 = await as(otherTeacher);

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const BOUNDARY = '----skolar-lessons';
function multipart(bytes: Buffer, filename: string, type: string) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

const lessonRow = async (id: number) =>
  (await db.select().from(lessons).where(eq(lessons.id, id)))[0];
const chapterRow = async (id: number) =>
  (await db.select().from(chapters).where(eq(chapters.id, id)))[0];

describe('lessons', () => {
  it('a teacher creates lessons last in a subject they teach, reads them with their chapters', async () => {
    const first = await call('POST', '/api/lessons', T, { title: 'Intro', subject_id: taught.id });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/api/lessons', T, {
      title: 'Suite',
      summary: 'More',
      subject_id: taught.id,
    });
    expect(second.json()).toMatchObject({ title: 'Suite', nb_chapters: 0, can: { update: true } });
    expect(second.json().position).toBe(first.json().position + 1);

    const chapter = await createChapter(db, first.json().id, { title: 'One', position: 1 });
    const read = await call('GET', `/api/lessons/${first.json().id}`, S);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      nb_chapters: 1,
      subject_ids: [taught.id],
      chapters: [{ id: chapter.id, title: 'One', position: 1 }],
      can: { update: false, delete: false, archive: false },
    });
    const listed = await call('GET', `/api/lessons?subject_id=${taught.id}`, S);
    expect(listed.json().data.map((l: { title: string }) => l.title)).toEqual(['Intro', 'Suite']);
  });

  it('refuses writes outside the actor’s subjects (404) and every student write (403), unchanged', async () => {
    const lesson = await createLesson(db, notTaught, { title: 'Not mine' });
    const before = await db.select().from(lessons);
    expect(
      (await call('POST', '/api/lessons', T, { title: 'X', subject_id: notTaught.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/lessons', A2, { title: 'X', subject_id: taught.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/lessons', S, { title: 'X', subject_id: taught.id })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/lessons/${lesson.id}`, T, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/lessons/${lesson.id}`, A2, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/lessons/${lesson.id}`, T2, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/lessons/${lesson.id}`, S, { title: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/lessons/${lesson.id}/archive`, T)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/lessons/${lesson.id}`, T)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/lessons/${lesson.id}`, S)).statusCode).toBe(403);
    expect((await call('GET', `/api/lessons/${lesson.id}`, A2)).statusCode).toBe(404);
    expect(await db.select().from(lessons)).toEqual(before);
    // The admin of the institution writes every lesson of it.
    const edited = await call('PATCH', `/api/lessons/${lesson.id}`, A, { summary: 'Seen' });
    expect(edited.json()).toMatchObject({ title: 'Not mine', summary: 'Seen' });
  });

  it('archives a lesson out of the students’ sight and back', async () => {
    const lesson = await createLesson(db, taught);
    const archived = await call('POST', `/api/lessons/${lesson.id}/archive`, T);
    expect(archived.json().archived_at).not.toBeNull();
    expect((await call('GET', `/api/lessons/${lesson.id}`, S)).statusCode).toBe(404);
    expect((await call('GET', `/api/lessons/${lesson.id}`, T)).statusCode).toBe(200);
    await call('POST', `/api/lessons/${lesson.id}/unarchive`, T);
    expect((await call('GET', `/api/lessons/${lesson.id}`, S)).statusCode).toBe(200);
  });

  it('reorders the lessons of a subject atomically: a list that is not the current set changes nothing', async () => {
    const subject = await createSubject(db, institution.id, [teacher.id]);
    const [a, b, c] = [
      await createLesson(db, subject, { position: 1 }),
      await createLesson(db, subject, { position: 2 }),
      await createLesson(db, subject, { position: 3 }),
    ];
    const foreign = await createLesson(db, notTaught);
    const positions = async () =>
      Promise.all([a!, b!, c!].map(async (l) => (await lessonRow(l.id))!.position));
    for (const ids of [
      [c!.id, a!.id],
      [c!.id, a!.id, b!.id, foreign.id],
      [c!.id, a!.id, foreign.id],
    ]) {
      const refused = await call('PUT', `/api/subjects/${subject.id}/lesson-order`, T, { ids });
      expect(refused.statusCode).toBe(422);
      expect(await positions()).toEqual([1, 2, 3]);
    }
    const duplicate = await call('PUT', `/api/subjects/${subject.id}/lesson-order`, T, {
      ids: [a!.id, a!.id, b!.id],
    });
    expect(duplicate.statusCode).toBe(422);
    expect(
      (await call('PUT', `/api/subjects/${notTaught.id}/lesson-order`, T, { ids: [foreign.id] }))
        .statusCode,
    ).toBe(404);
    const done = await call('PUT', `/api/subjects/${subject.id}/lesson-order`, T, {
      ids: [c!.id, a!.id, b!.id],
    });
    expect(done.statusCode).toBe(204);
    expect(await positions()).toEqual([2, 3, 1]);
  });
});

describe('chapters', () => {
  it('creates chapters last, reads previous and next, reorders atomically', async () => {
    const lesson = await createLesson(db, taught);
    const ids: number[] = [];
    for (const title of ['A', 'B', 'C']) {
      const created = await call('POST', '/api/chapters', T, {
        lesson_id: lesson.id,
        title,
        content: `<h2>${title}</h2><p>Text</p>`,
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    const middle = await call('GET', `/api/chapters/${ids[1]}`, S);
    expect(middle.json()).toMatchObject({
      title: 'B',
      position: 2,
      content: '<h2>B</h2><p>Text</p>',
      previous_id: ids[0],
      next_id: ids[2],
      resources: [],
    });
    const bad = await call('PUT', `/api/lessons/${lesson.id}/chapter-order`, T, {
      ids: [ids[2], ids[0]],
    });
    expect(bad.statusCode).toBe(422);
    expect((await chapterRow(ids[2]!))!.position).toBe(3);
    const good = await call('PUT', `/api/lessons/${lesson.id}/chapter-order`, T, {
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(good.statusCode).toBe(204);
    const first = await call('GET', `/api/chapters/${ids[2]}`, T);
    expect(first.json()).toMatchObject({ position: 1, previous_id: null, next_id: ids[0] });

    await call('POST', `/api/chapters/${ids[0]}/archive`, T);
    expect((await call('GET', `/api/chapters/${ids[0]}`, S)).statusCode).toBe(404);
    expect((await call('GET', `/api/chapters/${ids[2]}`, S)).json().next_id).toBe(ids[1]);
  });

  it('refuses chapter writes outside the actor’s subjects (404) and every student write (403)', async () => {
    const lesson = await createLesson(db, notTaught);
    const chapter = await createChapter(db, lesson.id, { content: '<p>Kept</p>' });
    const payload = { content: '<p>Changed</p>' };
    expect((await call('PATCH', `/api/chapters/${chapter.id}`, T, payload)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/chapters/${chapter.id}`, A2, payload)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/chapters/${chapter.id}`, S, payload)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/chapters/${chapter.id}`, T)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/chapters', T, { lesson_id: lesson.id, title: 'X' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/chapters', S, { lesson_id: lesson.id, title: 'X' })).statusCode,
    ).toBe(403);
    expect((await chapterRow(chapter.id))!.content).toBe('<p>Kept</p>');
  });

  it('accepts only https YouTube and Vimeo videos', async () => {
    const lesson = await createLesson(db, taught);
    for (const video_url of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://evil.test/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    ]) {
      const refused = await call('POST', '/api/chapters', T, {
        lesson_id: lesson.id,
        title: 'V',
        video_url,
      });
      expect(refused.statusCode, video_url).toBe(422);
      expect(refused.json().errors).toHaveProperty('video_url');
    }
    const ok = await call('POST', '/api/chapters', T, {
      lesson_id: lesson.id,
      title: 'V',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(ok.json().video_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const vimeo = await call('PATCH', `/api/chapters/${ok.json().id}`, T, {
      video_url: 'https://vimeo.com/76979871',
    });
    expect(vimeo.json().video_url).toBe('https://vimeo.com/76979871');
  });
});

/** Hostile rich text: none of it may come back executable. */
const HOSTILE: Array<[string, string]> = [
  ['script tag', '<p>a</p><script>alert(1)</script>'],
  ['script in mixed case', '<ScRiPt>alert(1)</ScRiPt>'],
  ['onerror on an image', '<img src="/api/files/1" onerror="alert(1)">'],
  ['onclick on a paragraph', '<p onclick="alert(1)">x</p>'],
  ['onmouseover unquoted', '<h2 onmouseover=alert(1)>x</h2>'],
  ['style expression', '<p style="width: expression(alert(1))">x</p>'],
  ['style url', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['style tag', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['javascript href', '<a href="javascript:alert(1)">x</a>'],
  ['mixed-case javascript href', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['entity-encoded javascript href', '<a href="&#106;&#97;vascript:alert(1)">x</a>'],
  ['hex-encoded javascript href', '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ['tab inside javascript', '<a href="java\tscript:alert(1)">x</a>'],
  ['leading space javascript', '<a href="  javascript:alert(1)">x</a>'],
  ['data href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['vbscript href', '<a href="VBScript:msgbox(1)">x</a>'],
  ['javascript src', '<img src="javascript:alert(1)">'],
  [
    'data src',
    '<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">',
  ],
  ['image from another host', '<img src="https://evil.test/api/files/1">'],
  ['protocol-relative image', '<img src="//evil.test/api/files/1">'],
  ['svg with script', '<svg><script>alert(1)</script></svg>'],
  ['svg onload', '<svg onload="alert(1)"></svg>'],
  ['iframe', '<iframe src="https://www.youtube.com/embed/x"></iframe>'],
  ['object', '<object data="https://evil.test/x.swf"></object>'],
  ['embed', '<embed src="https://evil.test/x.swf">'],
  ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['math href', '<math><a xlink:href="javascript:alert(1)">x</a></math>'],
  ['unclosed comment trick', '<!--<img src="--><img src=x onerror=alert(1)//">'],
];

const EXECUTABLE =
  /<\s*(script|style|iframe|object|embed|svg|math|form|meta|base|link)|\son[a-z]+\s*=|style\s*=|javascript:|vbscript:|data:|src="(?!\/api\/files\/\d+")/i;

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();

/** Uploads an editor image for a lesson; answers its `/api/files/<id>` address. */
async function uploadImage(headers: Headers, lessonId: number): Promise<string> {
  const body = multipart(await png(), 'figure.png', 'image/png');
  const uploaded = await app.inject({
    method: 'POST',
    url: `/api/lessons/${lessonId}/images`,
    ...body,
    headers: { ...headers, ...body.headers },
  });
  expect(uploaded.statusCode).toBe(201);
  return uploaded.json().url;
}

describe('the rich-text sanitiser on every write', () => {
  let created: ReturnType<typeof createLesson> | undefined;
  const lesson = () => {
    created ??= createLesson(db, taught);
    return created;
  };
  it.each(HOSTILE)('%s comes back inert from create, PATCH and read', async (_name, html) => {
    const created = await call('POST', '/api/chapters', T, {
      lesson_id: (await lesson()).id,
      title: 'Hostile',
      content: html,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().content).not.toMatch(EXECUTABLE);
    const id = created.json().id;
    const patched = await call('PATCH', `/api/chapters/${id}`, T, { content: `<p>ok</p>${html}` });
    expect(patched.json().content).not.toMatch(EXECUTABLE);
    const read = await call('GET', `/api/chapters/${id}`, S);
    expect(read.json().content).not.toMatch(EXECUTABLE);
    expect((await chapterRow(id))!.content).not.toMatch(EXECUTABLE);
  });

  it('keeps the allowed rich text: headings, lists, links, code, quotes, tables, own images', async () => {
    const html =
      '<h2>T</h2><p><strong>b</strong> <em>i</em></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<p><a href="https://example.org/x">l</a> <a href="mailto:a@b.test">m</a></p>' +
      '<pre><code>x &lt; y</code></pre><blockquote><p>q</p></blockquote>' +
      '<table><tbody><tr><th>h</th></tr><tr><td>d</td></tr></tbody></table>' +
      `<img src="${await uploadImage(T, (await lesson()).id)}" alt="figure">`;
    const created = await call('POST', '/api/chapters', T, {
      lesson_id: (await lesson()).id,
      title: 'Rich',
      content: html,
    });
    const content: string = created.json().content;
    for (const kept of [
      '<h2>T</h2>',
      '<strong>b</strong>',
      '<ul><li>a</li></ul>',
      '<ol><li>b</li></ol>',
      'href="https://example.org/x"',
      'href="mailto:a@b.test"',
      'rel="noopener noreferrer"',
      '<pre><code>x &lt; y</code></pre>',
      '<blockquote><p>q</p></blockquote>',
      '<th>h</th>',
      '<td>d</td>',
      'alt="figure" />',
    ]) {
      expect(content).toContain(kept);
    }
  });
});

describe('chapter files', () => {
  it('stores resources (415 on a spoofed type, 413 when too large) readable by the chapter’s readers', async () => {
    const lesson = await createLesson(db, taught);
    const chapter = await createChapter(db, lesson.id);
    const url = `/api/chapters/${chapter.id}/resources`;
    const spoofed = multipart(
      Buffer.from('<script>alert(1)</script>'),
      'notes.pdf',
      'application/pdf',
    );
    const refused = await app.inject({
      method: 'POST',
      url,
      ...spoofed,
      headers: { ...T, ...spoofed.headers },
    });
    expect(refused.statusCode).toBe(415);
    const big = multipart(
      Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024, 32)]),
      'big.pdf',
      'application/pdf',
    );
    const tooLarge = await app.inject({
      method: 'POST',
      url,
      ...big,
      headers: { ...T, ...big.headers },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect((await call('GET', `/api/chapters/${chapter.id}`, T)).json().resources).toEqual([]);

    const pdf = multipart(PDF, 'notes.pdf', 'application/pdf');
    const asStudent = await app.inject({
      method: 'POST',
      url,
      ...pdf,
      headers: { ...S, ...pdf.headers },
    });
    expect(asStudent.statusCode).toBe(403);
    const stored = await app.inject({
      method: 'POST',
      url,
      ...pdf,
      headers: { ...T, ...pdf.headers },
    });
    expect(stored.statusCode).toBe(201);
    const [resource] = stored.json().resources;
    expect(resource).toMatchObject({ kind: 'file', title: 'notes.pdf', mime: 'application/pdf' });
    expect((await call('GET', resource.url, S)).statusCode).toBe(200);
    expect((await call('GET', resource.url, A2)).statusCode).toBe(404);

    const link = await call('POST', `/api/chapters/${chapter.id}/links`, T, {
      kind: 'link',
      title: 'Docs',
      url: 'javascript:alert(1)',
    });
    expect(link.statusCode).toBe(422);
    const linked = await call('POST', `/api/chapters/${chapter.id}/links`, T, {
      kind: 'link',
      title: 'Docs',
      url: 'https://example.org/docs',
    });
    expect(linked.json().resources.map((r: { url: string }) => r.url)).toEqual([
      resource.url,
      'https://example.org/docs',
    ]);

    const removed = await call('DELETE', `${url}/${resource.id}`, T);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', resource.url, T)).statusCode).toBe(404);
  });

  it('stores editor images, readable once a chapter the reader may read shows them', async () => {
    const lesson = await createLesson(db, taught);
    const body = multipart(await png(), 'figure.png', 'image/png');
    const url = `/api/lessons/${lesson.id}/images`;
    const uploaded = await app.inject({
      method: 'POST',
      url,
      ...body,
      headers: { ...T, ...body.headers },
    });
    expect(uploaded.statusCode).toBe(201);
    const image: string = uploaded.json().url;
    expect(image).toMatch(/^\/api\/files\/\d+$/);
    expect((await call('GET', image, S)).statusCode).toBe(404);
    await call('POST', '/api/chapters', T, {
      lesson_id: lesson.id,
      title: 'Figure',
      content: `<p><img src="${image}" alt="figure"></p>`,
    });
    expect((await call('GET', image, S)).statusCode).toBe(200);
    expect((await call('GET', image, A2)).statusCode).toBe(404);
    const spoofed = multipart(PDF, 'figure.png', 'image/png');
    const refused = await app.inject({
      method: 'POST',
      url,
      ...spoofed,
      headers: { ...T, ...spoofed.headers },
    });
    expect(refused.statusCode).toBe(415);
  });

  it("does not serve another institution's image through a chapter that names it (review, issue 28)", async () => {
    // Institution A: a chapter shows an image its teacher uploaded.
    const lessonA = await createLesson(db, taught);
    const image = await uploadImage(T, lessonA.id);
    await call('POST', '/api/chapters', T, {
      lesson_id: lessonA.id,
      title: 'Figure',
      content: `<p><img src="${image}" alt="A's figure"></p>`,
    });
    expect((await call('GET', image, S)).statusCode).toBe(200);

    // Institution B: a teacher names A's file in a chapter of their own lesson, as an image and as
    // text, then as a link; their students read the chapter.
    const subjectB = await createSubject(db, elsewhere.id, [otherTeacher.id]);
    const studentB = await createUser(db, 'student', elsewhere.id);
    const promotionB = await createPromotion(db, elsewhere.id, { students: [studentB.id] });
    const trainingB = await createTraining(db, promotionB);
    await createModule(db, elsewhere.id, { trainingId: trainingB.id, subjectIds: [subjectB.id] });
    const lessonB = await createLesson(db, subjectB);
    const SB = await as(studentB);
    const created = await call('POST', '/api/chapters', T2, {
      lesson_id: lessonB.id,
      title: 'Borrowed',
      content: `<p><img src="${image}" alt="x"></p><p>"${image}"</p>`,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().content).not.toContain('<img');
    const patched = await call('PATCH', `/api/chapters/${created.json().id}`, T2, {
      content: `<p><img src="${image}"></p><p><a href="${image}">"${image}"</a></p>`,
    });
    expect(patched.json().content).not.toContain('<img');
    expect((await call('GET', `/api/chapters/${created.json().id}`, SB)).statusCode).toBe(200);
    expect((await call('GET', image, T2)).statusCode).toBe(404);
    expect((await call('GET', image, SB)).statusCode).toBe(404);
    // A's own readers still see it.
    expect((await call('GET', image, S)).statusCode).toBe(200);
  });

  it('keeps out an image of the same institution that the author may not read', async () => {
    const hidden = await createLesson(db, notTaught);
    const C = await as(colleague);
    const image = await uploadImage(C, hidden.id);
    const mine = await createLesson(db, taught);
    const created = await call('POST', '/api/chapters', T, {
      lesson_id: mine.id,
      title: 'Borrowed',
      content: `<p><img src="${image}"></p>`,
    });
    expect(created.json().content).not.toContain('<img');
    expect((await call('GET', image, S)).statusCode).toBe(404);
  });

  it('deletes an image no chapter shows, 48 hours after its upload or after the chapter let it go', async () => {
    const lesson = await createLesson(db, taught);
    const unused = await uploadImage(T, lesson.id);
    const shown = await uploadImage(T, lesson.id);
    const dropped = await uploadImage(T, lesson.id);
    const chapter = await call('POST', '/api/chapters', T, {
      lesson_id: lesson.id,
      title: 'Figures',
      content: `<p><img src="${shown}"><img src="${dropped}"></p>`,
    });
    const idOf = (url: string) => Number(url.split('/').pop());
    const stored = async (url: string) =>
      (
        await db
          .select()
          .from(files)
          .where(eq(files.id, idOf(url)))
      )[0];
    const unusedKey = (await stored(unused))!.storage_key;
    // Other tests of this file leave images of their own: only this test's three are looked at.
    const ours = [unused, shown, dropped].map(idOf);
    const cleanup = async () => (await deleteOrphanImages(ctx)).filter((id) => ours.includes(id));

    clock.advance(47 * HOUR);
    // Signed in again: the sessions of the start have expired by now.
    const patched = await call('PATCH', `/api/chapters/${chapter.json().id}`, await as(teacher), {
      content: `<p><img src="${shown}"></p>`,
    });
    expect(patched.statusCode).toBe(200);
    expect(await cleanup()).toEqual([]);

    clock.advance(2 * HOUR);
    expect(await cleanup()).toEqual([idOf(unused)]);
    expect(await stored(unused)).toBeUndefined();
    expect(await storageFor(ctx.config).get(unusedKey)).toBeNull();

    clock.advance(47 * HOUR);
    expect(await cleanup()).toEqual([idOf(dropped)]);
    expect(await stored(shown)).toBeDefined();

    // Deleting the chapter lets its images go too, with the same delay.
    const deleted = await call('DELETE', `/api/chapters/${chapter.json().id}`, await as(teacher));
    expect(deleted.statusCode).toBe(204);
    expect(await cleanup()).toEqual([]);
    clock.advance(49 * HOUR);
    expect(await cleanup()).toEqual([idOf(shown)]);
  });
});
