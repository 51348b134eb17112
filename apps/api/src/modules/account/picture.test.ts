import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn } from '../../../test/app.ts';
import { createInstitution, createUser } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

async function signedIn() {
  const institution = await createInstitution(db);
  const user = await createUser(db, 'student', institution.id);
  const session = await signIn(app, user.email);
  return { user, auth: bearer(session.accessToken) };
}

const upload = (auth: Record<string, string>, body: Buffer, type: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/me/picture',
    payload: body,
    headers: { ...auth, 'content-type': type, 'accept-language': 'en' },
  });

describe('PUT /api/me/picture', () => {
  it('re-encodes the image to a 256 px WebP without its metadata', async () => {
    const { user, auth } = await signedIn();
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#336699' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS secret', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    // The declared type does not matter: the bytes are read.
    const response = await upload(auth, photo, 'application/octet-stream');
    expect(response.statusCode).toBe(200);
    const link: string = response.json().picture_link;
    expect(link).toMatch(/^\/api\/files\/\d+$/);
    const served = await app.inject({ url: link, headers: auth });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const stored = served.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('GPS secret'))).toBe(false);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.picture_link).toBe(link);

    // A new picture replaces the old one: the old address stops answering.
    const replaced = await upload(auth, photo, 'image/jpeg');
    const newLink: string = replaced.json().picture_link;
    expect(newLink).not.toBe(link);
    expect((await app.inject({ url: link, headers: auth })).statusCode).toBe(404);

    // A removed picture is no longer readable.
    const removed = await app.inject({ method: 'DELETE', url: '/api/me/picture', headers: auth });
    expect(removed.json().picture_link).toBeNull();
    expect((await app.inject({ url: newLink, headers: auth })).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, PNG or WebP image (415), and nothing changes', async () => {
    const { user, auth } = await signedIn();
    const script = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const [body, type] of [
      [script, 'image/png'],
      [Buffer.from('GIF89a not really'), 'image/png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'image/jpeg'],
    ] as const) {
      const response = await upload(auth, body, type);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Choose a JPEG, PNG or WebP image.' });
    }
    const html = await upload(auth, script, 'text/html');
    expect(html.statusCode).toBe(415);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.picture_link).toBeNull();
  });

  it('refuses more than 2 MB (413)', async () => {
    const { auth } = await signedIn();
    const response = await upload(auth, Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large.');
  });

  it('requires a session', async () => {
    const response = await upload({}, Buffer.from('x'), 'image/png');
    expect(response.statusCode).toBe(401);
  });
});
