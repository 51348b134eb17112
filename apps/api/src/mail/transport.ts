import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { RenderedMail } from './templates.ts';

/** Where mail goes: an SMTP server, or nowhere (kept in the outbox for the dev mailbox). */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev';
  send(mail: RenderedMail & { from: string; to: string }): Promise<void>;
  close(): void;
}

/** Keeps mail in the outbox: nothing leaves the machine; `/api/dev/mail` shows it. */
export const devTransport: MailTransport = {
  kind: 'dev',
  async send() {},
  close() {},
};

/** nodemailer over SMTP (`smtp://` or `smtps://`, credentials in the URL). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

/** SMTP when `SMTP_URL` is set, the dev outbox otherwise. */
export function mailTransportFor(config: Config): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : devTransport;
}
