import { de as zodDe, en as zodEn, fr as zodFr } from 'zod/locales';

export const LOCALES = ['fr', 'en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

const catalogue = {
  'errors.bad_request': {
    fr: 'La requête est mal formée.',
    en: 'The request is malformed.',
    de: 'Die Anfrage ist fehlerhaft.',
  },
  'errors.validation': {
    fr: 'Les données envoyées ne sont pas valides.',
    en: 'The given data was invalid.',
    de: 'Die übermittelten Daten sind ungültig.',
  },
  'errors.unauthenticated': {
    fr: 'Vous devez être connecté.',
    en: 'You must be signed in.',
    de: 'Sie müssen angemeldet sein.',
  },
  'errors.forbidden': {
    fr: "Vous n'avez pas le droit de faire cela.",
    en: 'You are not allowed to do this.',
    de: 'Sie dürfen das nicht tun.',
  },
  'errors.not_found': {
    fr: 'Introuvable.',
    en: 'Not found.',
    de: 'Nicht gefunden.',
  },
  'errors.route_not_found': {
    fr: "Cette adresse de l'API n'existe pas.",
    en: 'This API route does not exist.',
    de: 'Diese API-Route existiert nicht.',
  },
  'errors.conflict': {
    fr: "L'opération est en conflit avec l'état actuel.",
    en: 'The operation conflicts with the current state.',
    de: 'Der Vorgang steht im Konflikt mit dem aktuellen Zustand.',
  },
  'errors.duplicate': {
    fr: 'Cet élément existe déjà.',
    en: 'This item already exists.',
    de: 'Dieser Eintrag existiert bereits.',
  },
  'errors.in_use': {
    fr: "D'autres éléments en dépendent : archivez-le plutôt.",
    en: 'Other items depend on it: archive it instead.',
    de: 'Andere Einträge hängen davon ab: bitte stattdessen archivieren.',
  },
  'errors.too_large': {
    fr: 'Le fichier est trop volumineux.',
    en: 'The file is too large.',
    de: 'Die Datei ist zu groß.',
  },
  'errors.too_many_requests': {
    fr: 'Trop de tentatives. Réessayez dans {seconds} secondes.',
    en: 'Too many attempts. Try again in {seconds} seconds.',
    de: 'Zu viele Versuche. Bitte in {seconds} Sekunden erneut versuchen.',
  },
  'errors.xsrf': {
    fr: 'Jeton anti-falsification (XSRF) manquant ou invalide.',
    en: 'Missing or invalid anti-forgery (XSRF) token.',
    de: 'Fehlendes oder ungültiges Anti-Fälschungs-Token (XSRF).',
  },
  'errors.internal': {
    fr: 'Une erreur inattendue est survenue.',
    en: 'An unexpected error occurred.',
    de: 'Ein unerwarteter Fehler ist aufgetreten.',
  },
  'auth.failed': {
    fr: 'Ces identifiants ne correspondent à aucun compte.',
    en: 'These credentials do not match our records.',
    de: 'Diese Zugangsdaten stimmen mit keinem Konto überein.',
  },
  'auth.wrong_password': {
    fr: 'Mot de passe incorrect.',
    en: 'Incorrect password.',
    de: 'Falsches Passwort.',
  },
  'auth.step_up_required': {
    fr: 'Confirmez votre mot de passe pour faire cette modification.',
    en: 'Confirm your password to make this change.',
    de: 'Bestätigen Sie Ihr Passwort, um diese Änderung vorzunehmen.',
  },
  'validation.sort': {
    fr: 'Ce tri n’est pas proposé pour cette liste.',
    en: 'This list cannot be sorted that way.',
    de: 'Diese Liste kann so nicht sortiert werden.',
  },
  'validation.required': {
    fr: 'Ce champ est obligatoire.',
    en: 'This field is required.',
    de: 'Dieses Feld ist erforderlich.',
  },
  'validation.email': {
    fr: 'Saisissez une adresse e-mail valide.',
    en: 'Enter a valid e-mail address.',
    de: 'Geben Sie eine gültige E-Mail-Adresse ein.',
  },
  // issue 5 part B: students, teachers, promotions, trainings, groups, CSV import
  'cohorts.validation.too_long': {
    fr: 'Ce texte est trop long.',
    en: 'This text is too long.',
    de: 'Dieser Text ist zu lang.',
  },
  'cohorts.validation.phone': {
    fr: 'Saisissez le code pays puis le numéro, par exemple fr0612345678.',
    en: 'Enter the country code then the number, e.g. fr0612345678.',
    de: 'Geben Sie den Ländercode und dann die Nummer ein, z. B. fr0612345678.',
  },
  'cohorts.validation.academic_year': {
    fr: 'Saisissez deux années qui se suivent, par exemple 2026-2027.',
    en: 'Enter two consecutive years, e.g. 2026-2027.',
    de: 'Geben Sie zwei aufeinanderfolgende Jahre ein, z. B. 2026-2027.',
  },
  'cohorts.validation.number': {
    fr: 'Saisissez un nombre entier positif.',
    en: 'Enter a whole positive number.',
    de: 'Geben Sie eine positive ganze Zahl ein.',
  },
  'cohorts.email_taken': {
    fr: 'Un compte utilise déjà cette adresse e-mail.',
    en: 'An account already uses this e-mail address.',
    de: 'Ein Konto verwendet diese E-Mail-Adresse bereits.',
  },
  'cohorts.promotion_in_use': {
    fr: 'Cette promotion a des étudiants ou des formations : archivez-la plutôt.',
    en: 'This promotion has students or trainings: archive it instead.',
    de: 'Dieser Jahrgang hat Studierende oder Ausbildungen: bitte stattdessen archivieren.',
  },
  'cohorts.training_in_use': {
    fr: 'Des évaluations dépendent de cette formation : archivez-la plutôt.',
    en: 'Evaluations depend on this training: archive it instead.',
    de: 'Prüfungen hängen von dieser Ausbildung ab: bitte stattdessen archivieren.',
  },
  'cohorts.not_in_promotion': {
    fr: 'Seuls les étudiants de la promotion du groupe peuvent y être ajoutés.',
    en: "Only students of the group's promotion can be added to it.",
    de: 'Nur Studierende des Jahrgangs der Gruppe können hinzugefügt werden.',
  },
  'cohorts.level_unknown': {
    fr: "Ce niveau n'existe pas dans le programme.",
    en: 'The program has no such level.',
    de: 'Das Programm hat diese Stufe nicht.',
  },
  'cohorts.import.unknown_promotion': {
    fr: 'Promotion inconnue.',
    en: 'Unknown promotion.',
    de: 'Unbekannter Jahrgang.',
  },
  'cohorts.import.duplicate_in_file': {
    fr: 'Adresse e-mail en double dans le fichier.',
    en: 'E-mail address repeated in the file.',
    de: 'E-Mail-Adresse doppelt in der Datei.',
  },
  'cohorts.import.other_role': {
    fr: 'Cette adresse appartient à un compte d’un autre rôle ou d’une autre institution.',
    en: 'This address belongs to an account of another role or institution.',
    de: 'Diese Adresse gehört zu einem Konto mit anderer Rolle oder Institution.',
  },
  'cohorts.cover_unavailable': {
    fr: 'Le stockage des images n’est pas encore disponible.',
    en: 'Image storage is not available yet.',
    de: 'Die Bildablage ist noch nicht verfügbar.',
  },
  'cohorts.import.fix_errors': {
    fr: 'Corrigez les lignes en erreur avant d’importer : rien n’a été enregistré.',
    en: 'Fix the lines with errors before importing: nothing was saved.',
    de: 'Korrigieren Sie die fehlerhaften Zeilen vor dem Import: nichts wurde gespeichert.',
  },
  'cohorts.import.bad_file': {
    fr: 'Le fichier CSV est vide ou illisible.',
    en: 'The CSV file is empty or unreadable.',
    de: 'Die CSV-Datei ist leer oder unlesbar.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalogue;

/** True when the text is a key of the API's catalogue (schemas use keys as custom messages). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalogue, value);
}

/** The message in the locale, with `{name}` placeholders filled from params. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text: string = catalogue[key][locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const zodLocales = { fr: zodFr(), en: zodEn(), de: zodDe() };

/** Zod's own message for an issue, in the locale (used for issues without a custom message). */
export function zodMessage(locale: Locale, issue: Record<string, unknown>): string | undefined {
  const result = zodLocales[locale].localeError(issue as never);
  if (typeof result === 'string') return result;
  return result?.message;
}

/** Picks fr, en or de from an Accept-Language header, French by default. */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'fr';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { lang: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  const found = ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.lang));
  return (found?.lang as Locale | undefined) ?? 'fr';
}
