import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createInstitution, createUser } from '../../test/factories.ts';
import { inviteUser } from '../auth/invitations.ts';
import { mailOutbox } from '../db/schema/index.ts';
import {
  backoffMs,
  MAX_MAIL_ATTEMPTS,
  processOutbox,
  STALE_SENDING_MS,
} from '../jobs/outbox-worker.ts';
import { enqueueMail } from './outbox.ts';
import { renderMail } from './templates.ts';
import { devTransport, type MailTransport, smtpTransport } from './transport.ts';

const { app, db, ctx, clock } = await createTestApp();

/** A real SMTP server on a random loopback port that parses what it receives. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  /** The envelope's recipients, one list per mail: who the server was really asked to deliver to. */
  const recipients: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      recipients.push(session.envelope.rcptTo.map((to) => to.address));
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    recipients,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function clearOutbox() {
  await db.delete(mailOutbox);
}

describe('mail templates', () => {
  it('escape every interpolated value in the HTML and carry the institution colour', () => {
    const mail = renderMail('contact-acknowledgement', 'en', {
      first_name: '<script>alert(1)</script>',
      object: '"><img src=x onerror=alert(1)>',
      institution_name: 'Tom & Jerry <School>',
      color_code: '#AA3377',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Tom &amp; Jerry &lt;School&gt;');
    expect(mail.html).toContain('background:#AA3377');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });

  it('refuse a colour or a link that could break out of the markup', () => {
    const mail = renderMail('reset-password', 'fr', {
      first_name: 'Léa',
      link: 'javascript:alert(1)',
      color_code: 'red;background:url(x)',
    });
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('url(x)');
    expect(mail.html).toContain('#144E5E');
  });

  it('tell the staff who wrote and what they need', () => {
    const mail = renderMail('contact-request', 'fr', {
      first_name: 'Léa',
      last_name: 'Martin',
      email: 'lea@example.test',
      phone: '+33 612345678',
      need: 'demo',
      object: 'Une démo',
      message: 'Bonjour,\nune démo ?',
    });
    expect(mail.subject).toBe('Nouvelle demande de contact : Une démo');
    expect(mail.text).toContain(
      'Léa Martin (lea@example.test, +33 612345678) a envoyé une demande (démonstration).',
    );
    expect(mail.html).toContain('Bonjour,\nune démo ?');
  });

  it('exist in fr, en and de for every template', () => {
    const templates = [
      'invitation',
      'verify-email',
      'reset-password',
      'password-changed',
      'contact-request',
      'contact-acknowledgement',
    ] as const;
    for (const template of templates) {
      const subjects = (['fr', 'en', 'de'] as const).map(
        (locale) => renderMail(template, locale, { first_name: 'A', object: 'B' }).subject,
      );
      expect(new Set(subjects).size).toBe(3);
    }
  });
});

describe('processOutbox', () => {
  it('sends a mail through a real SMTP server, which receives it parsed, in the recipient locale', async () => {
    await clearOutbox();
    const smtp = await startSmtp();
    afterAll(smtp.close);
    const institution = await createInstitution(db, { name: 'Lycée Hoche', color_code: '#AA3377' });
    const user = await createUser(db, 'teacher', institution.id, {
      first_name: 'Marc',
      locale: 'de',
      email_verified_at: null,
      password_hash: null,
    });
    await db.transaction((tx) => inviteUser(ctx, tx, user));

    const transport = smtpTransport(smtp.url);
    const run = await processOutbox(ctx, { limit: 10, transport });
    transport.close();
    expect(run).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Willkommen bei Lycée Hoche');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
    expect(mail.from?.text).toContain('no-reply@skolar.test');
    expect(mail.text).toContain('Hallo Marc,');
    expect(mail.text).toMatch(/\/verify-email\/[A-Za-z0-9_-]+\?email=/);
    expect(mail.html).toContain('#AA3377');
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to_address, user.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row?.sent_at).not.toBeNull();

    // Nothing is sent twice.
    expect(await processOutbox(ctx, { limit: 10, transport: devTransport })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });

  it('keeps a line break typed in a contact form out of the headers: no added recipient', async () => {
    await clearOutbox();
    const smtp = await startSmtp();
    afterAll(smtp.close);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/client-request',
      payload: {
        first_name: 'Ana',
        last_name: 'Lopes',
        email: 'ana.lopes@example.test',
        phone: '',
        need: 'contact',
        object: 'Question\r\nBcc: victim@example.test\r\nX-Injected: yes',
        message: 'Bonjour',
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const transport = smtpTransport(smtp.url);
    await processOutbox(ctx, { limit: 10, transport });
    transport.close();
    expect(smtp.received.some((mail) => mail.subject?.includes('Question'))).toBe(true);
    for (const [index, mail] of smtp.received.entries()) {
      expect(smtp.recipients[index]).not.toContain('victim@example.test');
      expect(mail.bcc).toBeUndefined();
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(mail.subject ?? '').not.toMatch(/[\r\n]/);
    }
  });

  it('retries a failure later with backoff, then gives up after the last attempt', async () => {
    await clearOutbox();
    await enqueueMail(db, {
      at: ctx.clock.now(),
      to: 'someone@example.test',
      template: 'password-changed',
      locale: 'fr',
      payload: { first_name: 'A' },
    });
    let calls = 0;
    const broken: MailTransport = {
      kind: 'smtp',
      async send() {
        calls += 1;
        throw new Error('connection refused');
      },
      close() {},
    };
    // The outbox row's next_attempt_at defaults to the database's now(): start from there.
    const [first] = await db.select().from(mailOutbox);
    clock.advance(Math.max(0, first!.next_attempt_at.getTime() - clock.now().getTime()) + 1);
    expect((await processOutbox(ctx, { transport: broken })).retried).toBe(1);
    const [afterOne] = await db.select().from(mailOutbox);
    expect(afterOne).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'connection refused',
    });
    expect(afterOne!.next_attempt_at.getTime()).toBe(clock.now().getTime() + backoffMs(1));
    // Not due yet: not taken.
    expect((await processOutbox(ctx, { transport: broken })).retried).toBe(0);
    expect(calls).toBe(1);
    for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      clock.advance(backoffMs(attempt - 1));
      await processOutbox(ctx, { transport: broken });
    }
    const [last] = await db.select().from(mailOutbox);
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    clock.advance(24 * 60 * 60 * 1000);
    await processOutbox(ctx, { transport: broken });
    expect(calls).toBe(MAX_MAIL_ATTEMPTS);
  });

  it('never lets two workers take the same row', async () => {
    await clearOutbox();
    for (let i = 0; i < 6; i += 1) {
      await enqueueMail(db, {
        at: ctx.clock.now(),
        to: `p${i}@example.test`,
        template: 'password-changed',
        locale: 'en',
        payload: { first_name: 'A' },
      });
    }
    clock.advance(60 * 60 * 1000);
    const sent: string[] = [];
    const recording: MailTransport = {
      kind: 'dev',
      async send(mail) {
        sent.push(mail.to);
      },
      close() {},
    };
    const runs = await Promise.all([
      processOutbox(ctx, { limit: 4, transport: recording }),
      processOutbox(ctx, { limit: 4, transport: recording }),
    ]);
    await processOutbox(ctx, { limit: 10, transport: recording });
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBeLessThanOrEqual(6);
  });

  it('takes a mail again only once the lease of a node that died mid-send has run out', async () => {
    await clearOutbox();
    await enqueueMail(db, {
      at: ctx.clock.now(),
      to: 'lease@example.test',
      template: 'password-changed',
      locale: 'en',
      payload: { first_name: 'A' },
    });
    // A node claims the row, then dies before recording the outcome.
    const dying: MailTransport = {
      kind: 'dev',
      send: () => new Promise<never>(() => {}),
      close() {},
    };
    void processOutbox(ctx, { transport: dying });
    await expect.poll(async () => (await db.select().from(mailOutbox))[0]?.status).toBe('sending');

    const sent: string[] = [];
    const recording: MailTransport = {
      kind: 'dev',
      async send(mail) {
        sent.push(mail.to);
      },
      close() {},
    };
    clock.advance(STALE_SENDING_MS - 1000);
    expect((await processOutbox(ctx, { transport: recording })).sent).toBe(0);
    clock.advance(2000);
    expect((await processOutbox(ctx, { transport: recording })).sent).toBe(1);
    expect(sent).toEqual(['lease@example.test']);
  });
});

describe('GET /api/dev/mail', () => {
  it('lists the outbox newest first, rendered, with the links it contains', async () => {
    await clearOutbox();
    const institution = await createInstitution(db, { name: 'École Hoche' });
    const user = await createUser(db, 'student', institution.id, {
      email_verified_at: null,
      password_hash: null,
    });
    await enqueueMail(db, {
      at: ctx.clock.now(),
      to: 'older@example.test',
      template: 'password-changed',
      locale: 'en',
      payload: { first_name: 'Old' },
    });
    await db.transaction((tx) => inviteUser(ctx, tx, user));
    const response = await app.inject({ url: '/api/dev/mail' });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((m: { to: string }) => m.to)).toEqual([user.email, 'older@example.test']);
    expect(list[0]).toMatchObject({ template: 'invitation', subject: 'Bienvenue sur École Hoche' });
    expect(list[0].links[0]).toMatch(/\/verify-email\/[A-Za-z0-9_-]+\?email=/);
    const filtered = await app.inject({ url: `/api/dev/mail?to=${user.email.toUpperCase()}` });
    expect(filtered.json()).toHaveLength(1);
  });
});
