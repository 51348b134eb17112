import type { Locale } from '../i18n/messages.ts';
import type { MailTemplate } from './outbox.ts';

/** A mail ready to send: subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers: a notification mail's `List-Unsubscribe` (RFC 2369) and one-click (RFC 8058). */
  headers?: Record<string, string>;
}

interface TemplateText {
  subject: string;
  greeting: string;
  /** Paragraphs; `{name}` placeholders come from the payload. */
  body: string[];
  /** The label of the call-to-action button when the payload carries a `link`. */
  action?: string;
  /** Shown under the button (why you got it, how long the link lasts). */
  footnote?: string;
}

type Texts = Record<MailTemplate, Record<Locale, TemplateText>>;

/** Why a notification mail came, and where to change it (the unsubscribe link follows it). */
const NOTE: Record<Locale, string> = {
  fr: 'Vous recevez ce message selon vos préférences de notification, que vous pouvez changer dans Skolar.',
  en: 'You get this message because of your notification preferences, which you can change in Skolar.',
  de: 'Sie erhalten diese Nachricht aufgrund Ihrer Benachrichtigungseinstellungen, die Sie in Skolar ändern können.',
};

/** The unsubscribe line of a notification mail: it stops this kind of mail only. */
const UNSUBSCRIBE: Record<Locale, { one: string; digest: string }> = {
  fr: {
    one: 'Ne plus recevoir ce type d’e-mail',
    digest: 'Ne plus recevoir ce récapitulatif',
  },
  en: { one: 'Stop e-mails of this kind', digest: 'Stop this digest' },
  de: { one: 'Keine E-Mails dieser Art mehr', digest: 'Keine Zusammenfassung mehr' },
};

const TEXTS: Texts = {
  notification: {
    fr: {
      subject: '{text}',
      greeting: 'Bonjour {first_name},',
      body: ['{text}'],
      action: 'Ouvrir dans Skolar',
      footnote: NOTE.fr,
    },
    en: {
      subject: '{text}',
      greeting: 'Hello {first_name},',
      body: ['{text}'],
      action: 'Open in Skolar',
      footnote: NOTE.en,
    },
    de: {
      subject: '{text}',
      greeting: 'Hallo {first_name},',
      body: ['{text}'],
      action: 'In Skolar öffnen',
      footnote: NOTE.de,
    },
  },
  'notification-digest': {
    fr: {
      subject: 'Votre récapitulatif : {count} nouveauté(s)',
      greeting: 'Bonjour {first_name},',
      body: ['Voici ce qui a changé pour vous depuis le dernier récapitulatif :'],
      action: 'Ouvrir mes notifications',
      footnote: NOTE.fr,
    },
    en: {
      subject: 'Your digest: {count} new item(s)',
      greeting: 'Hello {first_name},',
      body: ['Here is what changed for you since the last digest:'],
      action: 'Open my notifications',
      footnote: NOTE.en,
    },
    de: {
      subject: 'Ihre Zusammenfassung: {count} Neuigkeit(en)',
      greeting: 'Hallo {first_name},',
      body: ['Das hat sich seit der letzten Zusammenfassung für Sie geändert:'],
      action: 'Meine Benachrichtigungen öffnen',
      footnote: NOTE.de,
    },
  },
  invitation: {
    fr: {
      subject: 'Bienvenue sur {institution_name}',
      greeting: 'Bonjour {first_name},',
      body: [
        'Un compte vient d’être créé pour vous sur la plateforme de {institution_name}.',
        'Confirmez votre adresse e-mail et choisissez votre mot de passe pour vous connecter.',
      ],
      action: 'Activer mon compte',
      footnote:
        'Ce lien est valable 7 jours. Si vous n’attendiez pas ce message, ignorez-le simplement.',
    },
    en: {
      subject: 'Welcome to {institution_name}',
      greeting: 'Hello {first_name},',
      body: [
        'An account has just been created for you on the {institution_name} platform.',
        'Confirm your e-mail address and choose your password to sign in.',
      ],
      action: 'Activate my account',
      footnote: 'This link is valid for 7 days. If you did not expect this message, ignore it.',
    },
    de: {
      subject: 'Willkommen bei {institution_name}',
      greeting: 'Hallo {first_name},',
      body: [
        'Für Sie wurde soeben ein Konto auf der Plattform von {institution_name} angelegt.',
        'Bestätigen Sie Ihre E-Mail-Adresse und wählen Sie Ihr Passwort, um sich anzumelden.',
      ],
      action: 'Mein Konto aktivieren',
      footnote:
        'Dieser Link ist 7 Tage gültig. Wenn Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie.',
    },
  },
  'verify-email': {
    fr: {
      subject: 'Confirmez votre adresse e-mail',
      greeting: 'Bonjour {first_name},',
      body: ['Pour terminer, confirmez votre adresse e-mail sur {institution_name}.'],
      action: 'Confirmer mon adresse',
      footnote: 'Ce lien est valable 24 heures.',
    },
    en: {
      subject: 'Confirm your e-mail address',
      greeting: 'Hello {first_name},',
      body: ['To finish, confirm your e-mail address on {institution_name}.'],
      action: 'Confirm my address',
      footnote: 'This link is valid for 24 hours.',
    },
    de: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      greeting: 'Hallo {first_name},',
      body: ['Bestätigen Sie abschließend Ihre E-Mail-Adresse bei {institution_name}.'],
      action: 'Adresse bestätigen',
      footnote: 'Dieser Link ist 24 Stunden gültig.',
    },
  },
  'reset-password': {
    fr: {
      subject: 'Réinitialisation de votre mot de passe',
      greeting: 'Bonjour {first_name},',
      body: [
        'Vous avez demandé à réinitialiser votre mot de passe sur {institution_name}.',
        'Choisissez-en un nouveau avec le bouton ci-dessous.',
      ],
      action: 'Choisir un nouveau mot de passe',
      footnote:
        'Ce lien est valable 60 minutes et ne sert qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe ne change pas.',
    },
    en: {
      subject: 'Reset your password',
      greeting: 'Hello {first_name},',
      body: [
        'You asked to reset your password on {institution_name}.',
        'Choose a new one with the button below.',
      ],
      action: 'Choose a new password',
      footnote:
        'This link is valid for 60 minutes and works once. If you did not ask for it, ignore this message: your password stays the same.',
    },
    de: {
      subject: 'Passwort zurücksetzen',
      greeting: 'Hallo {first_name},',
      body: [
        'Sie haben das Zurücksetzen Ihres Passworts bei {institution_name} angefordert.',
        'Wählen Sie über die Schaltfläche unten ein neues.',
      ],
      action: 'Neues Passwort wählen',
      footnote:
        'Dieser Link ist 60 Minuten gültig und nur einmal verwendbar. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    },
  },
  'password-changed': {
    fr: {
      subject: 'Votre mot de passe a été modifié',
      greeting: 'Bonjour {first_name},',
      body: [
        'Le mot de passe de votre compte {institution_name} vient d’être modifié.',
        'Si ce n’était pas vous, réinitialisez-le immédiatement et prévenez votre établissement.',
      ],
    },
    en: {
      subject: 'Your password was changed',
      greeting: 'Hello {first_name},',
      body: [
        'The password of your {institution_name} account has just been changed.',
        'If this was not you, reset it right away and tell your institution.',
      ],
    },
    de: {
      subject: 'Ihr Passwort wurde geändert',
      greeting: 'Hallo {first_name},',
      body: [
        'Das Passwort Ihres Kontos bei {institution_name} wurde soeben geändert.',
        'Wenn Sie das nicht waren, setzen Sie es sofort zurück und informieren Sie Ihre Einrichtung.',
      ],
    },
  },
  'mfa-enrolment-code': {
    fr: {
      subject: 'Code de confirmation de la double authentification',
      greeting: 'Bonjour {first_name},',
      body: [
        'Une activation de la double authentification a été demandée pour votre compte {institution_name}.',
        'Pour la confirmer, saisissez ce code avec celui de votre application : {code}',
        'Si ce n’était pas vous, ne communiquez ce code à personne, changez votre mot de passe et prévenez votre établissement.',
      ],
      footnote: 'Ce code est valable 15 minutes.',
    },
    en: {
      subject: 'Confirmation code for two-factor authentication',
      greeting: 'Hello {first_name},',
      body: [
        'Someone asked to turn on two-factor authentication for your {institution_name} account.',
        'To confirm, enter this code together with the one from your app: {code}',
        'If this was not you, share this code with no one, change your password and tell your institution.',
      ],
      footnote: 'This code is valid for 15 minutes.',
    },
    de: {
      subject: 'Bestätigungscode für die Zwei-Faktor-Authentifizierung',
      greeting: 'Hallo {first_name},',
      body: [
        'Für Ihr Konto bei {institution_name} wurde die Aktivierung der Zwei-Faktor-Authentifizierung angefordert.',
        'Geben Sie zur Bestätigung diesen Code zusammen mit dem Ihrer App ein: {code}',
        'Wenn Sie das nicht waren, geben Sie diesen Code niemandem weiter, ändern Sie Ihr Passwort und informieren Sie Ihre Einrichtung.',
      ],
      footnote: 'Dieser Code ist 15 Minuten gültig.',
    },
  },
  'mfa-enabled': {
    fr: {
      subject: 'La double authentification est activée',
      greeting: 'Bonjour {first_name},',
      body: [
        'La double authentification vient d’être activée sur votre compte {institution_name}. Vos autres sessions ont été fermées.',
        'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement et prévenez votre établissement.',
      ],
    },
    en: {
      subject: 'Two-factor authentication is on',
      greeting: 'Hello {first_name},',
      body: [
        'Two-factor authentication has just been turned on for your {institution_name} account. Your other sessions were signed out.',
        'If this was not you, reset your password right away and tell your institution.',
      ],
    },
    de: {
      subject: 'Die Zwei-Faktor-Authentifizierung ist aktiviert',
      greeting: 'Hallo {first_name},',
      body: [
        'Für Ihr Konto bei {institution_name} wurde soeben die Zwei-Faktor-Authentifizierung aktiviert. Ihre anderen Sitzungen wurden beendet.',
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und informieren Sie Ihre Einrichtung.',
      ],
    },
  },
  'contact-request': {
    fr: {
      subject: 'Nouvelle demande de contact : {object}',
      greeting: 'Bonjour,',
      body: [
        '{first_name} {last_name} ({email}, {phone}) a envoyé une demande ({need}).',
        'Objet : {object}',
        '{message}',
      ],
    },
    en: {
      subject: 'New contact request: {object}',
      greeting: 'Hello,',
      body: [
        '{first_name} {last_name} ({email}, {phone}) sent a request ({need}).',
        'Subject: {object}',
        '{message}',
      ],
    },
    de: {
      subject: 'Neue Kontaktanfrage: {object}',
      greeting: 'Hallo,',
      body: [
        '{first_name} {last_name} ({email}, {phone}) hat eine Anfrage gesendet ({need}).',
        'Betreff: {object}',
        '{message}',
      ],
    },
  },
  'contact-acknowledgement': {
    fr: {
      subject: 'Nous avons bien reçu votre message',
      greeting: 'Bonjour {first_name},',
      body: [
        'Merci pour votre message « {object} ». L’équipe de {institution_name} vous répondra rapidement.',
      ],
    },
    en: {
      subject: 'We received your message',
      greeting: 'Hello {first_name},',
      body: [
        'Thank you for your message “{object}”. The {institution_name} team will answer you soon.',
      ],
    },
    de: {
      subject: 'Wir haben Ihre Nachricht erhalten',
      greeting: 'Hallo {first_name},',
      body: [
        'Vielen Dank für Ihre Nachricht „{object}“. Das Team von {institution_name} antwortet Ihnen in Kürze.',
      ],
    },
  },
  'submission-receipt': {
    fr: {
      subject: 'Accusé de réception : {evaluation_title}',
      greeting: 'Bonjour {first_name},',
      body: [
        'Votre rendu pour « {evaluation_title} » a bien été reçu le {submitted_at}.',
        'Fichier : {file_name} ({size} octets), version {version}.\nEmpreinte SHA-256 : {sha256}',
        'Vous pouvez déposer une nouvelle version jusqu’à la date limite ; chaque version est conservée.',
      ],
      action: 'Voir mon rendu',
      footnote:
        'Cet accusé est envoyé à chaque dépôt, quels que soient vos réglages de notification : conservez-le comme preuve.',
    },
    en: {
      subject: 'Receipt: {evaluation_title}',
      greeting: 'Hello {first_name},',
      body: [
        'Your hand-in for “{evaluation_title}” was received on {submitted_at}.',
        'File: {file_name} ({size} bytes), version {version}.\nSHA-256 fingerprint: {sha256}',
        'You may hand in a new version until the deadline; every version is kept.',
      ],
      action: 'See my hand-in',
      footnote:
        'This receipt is sent for every hand-in, whatever your notification settings: keep it as proof.',
    },
    de: {
      subject: 'Eingangsbestätigung: {evaluation_title}',
      greeting: 'Hallo {first_name},',
      body: [
        'Ihre Abgabe für „{evaluation_title}“ ist am {submitted_at} eingegangen.',
        'Datei: {file_name} ({size} Byte), Version {version}.\nSHA-256-Prüfsumme: {sha256}',
        'Bis zur Frist können Sie eine neue Version abgeben; jede Version bleibt erhalten.',
      ],
      action: 'Meine Abgabe ansehen',
      footnote:
        'Diese Bestätigung wird bei jeder Abgabe verschickt, unabhängig von Ihren Benachrichtigungseinstellungen: Bewahren Sie sie als Nachweis auf.',
    },
  },
  'results-published': {
    fr: {
      subject: 'Résultat publié : {evaluation_title}',
      greeting: 'Bonjour {first_name},',
      body: ['Votre résultat pour « {evaluation_title} » ({subject_name}) est publié.'],
      action: 'Voir mes résultats',
      footnote: NOTE.fr,
    },
    en: {
      subject: 'Result published: {evaluation_title}',
      greeting: 'Hello {first_name},',
      body: ['Your result for “{evaluation_title}” ({subject_name}) has been published.'],
      action: 'See my results',
      footnote: NOTE.en,
    },
    de: {
      subject: 'Ergebnis veröffentlicht: {evaluation_title}',
      greeting: 'Hallo {first_name},',
      body: ['Ihr Ergebnis für „{evaluation_title}“ ({subject_name}) wurde veröffentlicht.'],
      action: 'Meine Ergebnisse ansehen',
      footnote: NOTE.de,
    },
  },
  'exam-reminder': {
    fr: {
      subject: 'Rappel : {evaluation_title} commence bientôt',
      greeting: 'Bonjour {first_name},',
      body: [
        'L’examen « {evaluation_title} » ({subject_name}) commence le {due_at}.',
        'Vérifiez l’horaire, le lieu et les consignes sur sa page.',
      ],
      action: 'Voir l’examen',
      footnote: NOTE.fr,
    },
    en: {
      subject: 'Reminder: {evaluation_title} starts soon',
      greeting: 'Hello {first_name},',
      body: [
        'The exam “{evaluation_title}” ({subject_name}) starts on {due_at}.',
        'Check the time, the place and the instructions on its page.',
      ],
      action: 'See the exam',
      footnote: NOTE.en,
    },
    de: {
      subject: 'Erinnerung: {evaluation_title} beginnt bald',
      greeting: 'Hallo {first_name},',
      body: [
        'Die Prüfung „{evaluation_title}“ ({subject_name}) beginnt am {due_at}.',
        'Prüfen Sie Uhrzeit, Ort und Hinweise auf ihrer Seite.',
      ],
      action: 'Prüfung ansehen',
      footnote: NOTE.de,
    },
  },
  'deadline-reminder': {
    fr: {
      subject: 'Rappel : {evaluation_title} à rendre bientôt',
      greeting: 'Bonjour {first_name},',
      body: [
        'Le projet « {evaluation_title} » ({subject_name}) est à rendre avant le {due_at}.',
        'Après cette date, le dépôt est fermé.',
      ],
      action: 'Voir le projet',
      footnote: NOTE.fr,
    },
    en: {
      subject: 'Reminder: {evaluation_title} is due soon',
      greeting: 'Hello {first_name},',
      body: [
        'The project “{evaluation_title}” ({subject_name}) is due by {due_at}.',
        'After that, hand-ins are closed.',
      ],
      action: 'See the project',
      footnote: NOTE.en,
    },
    de: {
      subject: 'Erinnerung: {evaluation_title} ist bald fällig',
      greeting: 'Hallo {first_name},',
      body: [
        'Das Projekt „{evaluation_title}“ ({subject_name}) ist bis {due_at} abzugeben.',
        'Danach ist keine Abgabe mehr möglich.',
      ],
      action: 'Projekt ansehen',
      footnote: NOTE.de,
    },
  },
};

const DEFAULT_INSTITUTION = 'Skolar';
const DEFAULT_COLOUR = '#144E5E';

/** Escapes a value for HTML text and attribute positions. */
function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function fill(text: string, values: Record<string, string>, html: boolean): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return html ? escapeHtml(value) : value;
  });
}

/** Only a #RRGGBB colour goes into the style attribute; anything else falls back. */
function safeColour(value: unknown): string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : DEFAULT_COLOUR;
}

/** Only http(s) links become buttons. */
function safeLink(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The contact form's `need` values, as the staff reads them. */
const NEEDS: Record<Locale, Record<string, string>> = {
  fr: { demo: 'démonstration', contact: 'renseignements', support: 'support' },
  en: { demo: 'demonstration', contact: 'information', support: 'support' },
  de: { demo: 'Vorführung', contact: 'Informationen', support: 'Support' },
};

function stringValues(payload: Record<string, unknown>, locale: Locale): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === null || value === undefined) values[key] = '';
    else if (typeof value === 'string' || typeof value === 'number') values[key] = String(value);
  }
  values.institution_name ||= DEFAULT_INSTITUTION;
  values.first_name ||= '';
  values.phone ||= '—';
  if (values.need) values.need = NEEDS[locale][values.need] ?? values.need;
  return values;
}

/** True when the outbox row's template is one this version knows. */
export function isMailTemplate(value: string): value is MailTemplate {
  return Object.hasOwn(TEXTS, value);
}

/**
 * Renders a mail in the recipient's locale with the institution's name and colour. Every
 * interpolated value is escaped in the HTML; the text part carries the same words and the link.
 */
export function renderMail(
  template: MailTemplate,
  locale: Locale,
  payload: Record<string, unknown>,
): RenderedMail {
  const texts = TEXTS[template][locale] ?? TEXTS[template].fr;
  const values = stringValues(payload, locale);
  const colour = safeColour(payload.color_code);
  const link = safeLink(payload.link);
  const subject = fill(texts.subject, values, false).replace(/[\r\n]+/g, ' ');

  const items = itemsOf(payload.items);
  const unsubscribe = safeLink(payload.unsubscribe_link);
  const unsubscribeLabel =
    UNSUBSCRIBE[locale][template === 'notification-digest' ? 'digest' : 'one'];

  const textParts = [
    fill(texts.greeting, values, false),
    ...texts.body.map((p) => fill(p, values, false)),
  ];
  if (items.length > 0)
    textParts.push(items.map((item) => `- ${item.text}\n  ${item.link}`).join('\n'));
  if (link && texts.action) textParts.push(`${texts.action}: ${link}`);
  if (texts.footnote) textParts.push(fill(texts.footnote, values, false));
  if (unsubscribe) textParts.push(`${unsubscribeLabel}: ${unsubscribe}`);
  textParts.push(`— ${values.institution_name}`);
  const text = `${textParts.join('\n\n')}\n`;

  const institution = escapeHtml(values.institution_name ?? DEFAULT_INSTITUTION);
  const paragraphs = texts.body
    .map(
      (p) =>
        `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${fill(p, values, true)}</p>`,
    )
    .join('\n');
  const list =
    items.length > 0
      ? `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${items
          .map(
            (item) =>
              `<li style="margin:0 0 8px"><a href="${escapeHtml(item.link)}" style="color:${colour}">${escapeHtml(item.text)}</a></li>`,
          )
          .join('')}</ul>`
      : '';
  const button =
    link && texts.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(texts.action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(link)}</p>`
      : '';
  const footnote = texts.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#555555">${fill(texts.footnote, values, true)}</p>`
    : '';
  const unsubscribeLine = unsubscribe
    ? `<p style="margin:8px 0 0;font-size:13px"><a href="${escapeHtml(unsubscribe)}" style="color:#555555">${escapeHtml(unsubscribeLabel)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${colour};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:700">${institution}</td></tr>
<tr><td style="padding:24px">
<p style="margin:0 0 16px;line-height:1.5">${fill(texts.greeting, values, true)}</p>
${paragraphs}
${list}
${button}
${footnote}
${unsubscribeLine}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const headers = unsubscribe
    ? {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  return { subject, text, html, ...(headers ? { headers } : {}) };
}

/** A digest's lines: their text and their http(s) link, anything else dropped. */
function itemsOf(value: unknown): Array<{ text: string; link: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const text = typeof item?.text === 'string' ? item.text : undefined;
    const link = safeLink(item?.link);
    return text && link ? [{ text, link }] : [];
  });
}

/** The http(s) links of a rendered mail (the dev mailbox lists them so tests can follow them). */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}
