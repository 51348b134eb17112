import type { Role } from '../roles.ts';

// The notification types, who receives each, their default delivery and their texts in every
// language (issue 33, decision 200). Apart from the schemas so the web's bell loads without them;
// the API renders the same texts in its mails.

/** Every kind of event a person is told of, in the order the preferences list them. */
export const NOTIFICATION_TYPES = [
  'grade_published',
  'evaluation_added',
  'evaluation_moved',
  'exam_tomorrow',
  'exam_open',
  'deadline_tomorrow',
  'event_moved',
  'event_cancelled',
  'chapter_published',
  'justification_accepted',
  'justification_refused',
  'submission_received',
  'announcement',
  'discussion_thread',
  'discussion_reply',
  'mention',
  'answer_accepted',
  'post_reported',
  'message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

type Locale = 'fr' | 'en' | 'de';
type DefaultDelivery = 'app' | 'instant' | 'digest' | 'off';

const S: Role = 'student';
const TEACHING: Role[] = ['teacher', 'super-teacher', 'admin'];
/** Everyone who may take part in a subject's discussions. */
const READERS: Role[] = [S, ...TEACHING];

/**
 * Per type: who may receive it (the preferences list only those), its default delivery, and its
 * text. `{name}` placeholders are the notification's params. The defaults mail at once what a
 * learner must act on or was mailed before (a published grade, tomorrow's exam or deadline, a
 * class moved or cancelled, a decided justification) and gather the rest in the daily digest or
 * keep it in the application: the most common complaint about Moodle's and Canvas's
 * notifications is being flooded.
 */
export const NOTIFICATION_RULES: Record<
  NotificationType,
  { roles: readonly Role[]; delivery: DefaultDelivery; text: Record<Locale, string> }
> = {
  grade_published: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Résultat publié : {evaluation} ({subject})',
      en: 'Result published: {evaluation} ({subject})',
      de: 'Ergebnis veröffentlicht: {evaluation} ({subject})',
    },
  },
  evaluation_added: {
    roles: [S],
    delivery: 'digest',
    text: {
      fr: 'Nouvelle évaluation : {evaluation} ({subject})',
      en: 'New evaluation: {evaluation} ({subject})',
      de: 'Neue Prüfung: {evaluation} ({subject})',
    },
  },
  evaluation_moved: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Date modifiée : {evaluation} ({subject})',
      en: 'Date changed: {evaluation} ({subject})',
      de: 'Termin geändert: {evaluation} ({subject})',
    },
  },
  exam_tomorrow: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Examen dans moins de 24 h : {evaluation} ({subject})',
      en: 'Exam within 24 hours: {evaluation} ({subject})',
      de: 'Prüfung in weniger als 24 Stunden: {evaluation} ({subject})',
    },
  },
  exam_open: {
    roles: [S],
    delivery: 'app',
    text: {
      fr: 'Examen ouvert : {evaluation} ({subject})',
      en: 'Exam open: {evaluation} ({subject})',
      de: 'Prüfung geöffnet: {evaluation} ({subject})',
    },
  },
  deadline_tomorrow: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'À rendre dans moins de 24 h : {evaluation} ({subject})',
      en: 'Due within 24 hours: {evaluation} ({subject})',
      de: 'Abgabe in weniger als 24 Stunden: {evaluation} ({subject})',
    },
  },
  event_moved: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Cours déplacé : {event}',
      en: 'Class moved: {event}',
      de: 'Termin verschoben: {event}',
    },
  },
  event_cancelled: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Cours annulé : {event}',
      en: 'Class cancelled: {event}',
      de: 'Termin abgesagt: {event}',
    },
  },
  chapter_published: {
    roles: [S],
    delivery: 'app',
    text: {
      fr: 'Nouveau chapitre : {chapter} ({lesson})',
      en: 'New chapter: {chapter} ({lesson})',
      de: 'Neues Kapitel: {chapter} ({lesson})',
    },
  },
  justification_accepted: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Justificatif accepté : absences du {from} au {to} excusées',
      en: 'Justification accepted: absences from {from} to {to} excused',
      de: 'Nachweis angenommen: Fehlzeiten vom {from} bis {to} entschuldigt',
    },
  },
  justification_refused: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Justificatif refusé : absences du {from} au {to}',
      en: 'Justification refused: absences from {from} to {to}',
      de: 'Nachweis abgelehnt: Fehlzeiten vom {from} bis {to}',
    },
  },
  announcement: {
    roles: [S],
    delivery: 'instant',
    text: {
      fr: 'Annonce de {author} : {title}',
      en: 'Announcement from {author}: {title}',
      de: 'Mitteilung von {author}: {title}',
    },
  },
  discussion_thread: {
    roles: TEACHING,
    delivery: 'digest',
    text: {
      fr: 'Nouvelle discussion en {subject} : {title} ({author})',
      en: 'New discussion in {subject}: {title} ({author})',
      de: 'Neue Diskussion in {subject}: {title} ({author})',
    },
  },
  discussion_reply: {
    roles: READERS,
    delivery: 'app',
    text: {
      fr: 'Réponse de {author} : {title}',
      en: 'Reply from {author}: {title}',
      de: 'Antwort von {author}: {title}',
    },
  },
  mention: {
    roles: READERS,
    delivery: 'instant',
    text: {
      fr: '{author} vous a mentionné : {title}',
      en: '{author} mentioned you: {title}',
      de: '{author} hat Sie erwähnt: {title}',
    },
  },
  answer_accepted: {
    roles: READERS,
    delivery: 'app',
    text: {
      fr: 'Réponse acceptée : {title}',
      en: 'Answer accepted: {title}',
      de: 'Antwort akzeptiert: {title}',
    },
  },
  post_reported: {
    roles: TEACHING,
    delivery: 'instant',
    text: {
      fr: 'Message signalé en {subject} : {title}',
      en: 'Post reported in {subject}: {title}',
      de: 'Beitrag gemeldet in {subject}: {title}',
    },
  },
  message: {
    roles: READERS,
    delivery: 'digest',
    text: {
      fr: 'Message de {author} : {excerpt}',
      en: 'Message from {author}: {excerpt}',
      de: 'Nachricht von {author}: {excerpt}',
    },
  },
  submission_received: {
    roles: TEACHING,
    delivery: 'digest',
    text: {
      fr: 'Rendu reçu : {student}, {evaluation}',
      en: 'Hand-in received: {student}, {evaluation}',
      de: 'Abgabe erhalten: {student}, {evaluation}',
    },
  },
};

/** The types a role may receive, in the preferences' order. */
export function notificationTypesOf(role: Role): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => NOTIFICATION_RULES[type].roles.includes(role));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A notification's text in a language, its `{name}` placeholders filled from its params. */
export function notificationText(
  type: NotificationType,
  locale: Locale,
  params: Readonly<Record<string, string>>,
): string {
  const rule = NOTIFICATION_RULES[type];
  const template = rule.text[locale] ?? rule.text.fr;
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key] ?? '';
    // A day (`2026-11-20`) reads as the language writes it: 20 nov. 2026, Nov 20, 2026…
    return DAY.test(value)
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${value}T00:00:00Z`),
        )
      : value;
  });
}
