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
  'errors.unsupported_type': {
    fr: "Ce type de fichier n'est pas accepté ici.",
    en: 'This type of file is not accepted here.',
    de: 'Dieser Dateityp wird hier nicht akzeptiert.',
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
  'manage.validation.tooLong': {
    fr: 'Ce texte est trop long.',
    en: 'This text is too long.',
    de: 'Dieser Text ist zu lang.',
  },
  'manage.validation.tooMany': {
    fr: "Trop d'éléments.",
    en: 'Too many items.',
    de: 'Zu viele Einträge.',
  },
  'manage.validation.duplicates': {
    fr: "Chaque valeur ne doit apparaître qu'une fois.",
    en: 'Each value may appear only once.',
    de: 'Jeder Wert darf nur einmal vorkommen.',
  },
  'manage.validation.colour': {
    fr: 'Saisissez une couleur au format #RRGGBB.',
    en: 'Enter a colour as #RRGGBB.',
    de: 'Geben Sie eine Farbe im Format #RRGGBB ein.',
  },
  'manage.validation.url': {
    fr: 'Saisissez une adresse commençant par http:// ou https://.',
    en: 'Enter an address starting with http:// or https://.',
    de: 'Geben Sie eine Adresse ein, die mit http:// oder https:// beginnt.',
  },
  'manage.validation.number': {
    fr: 'Saisissez un nombre entier positif.',
    en: 'Enter a positive whole number.',
    de: 'Geben Sie eine positive ganze Zahl ein.',
  },
  'manage.validation.institutionRequired': {
    fr: 'Un administrateur, un enseignant ou un étudiant doit appartenir à un établissement.',
    en: 'An admin, teacher or student must belong to an institution.',
    de: 'Ein Administrator, eine Lehrkraft oder ein Studierender muss zu einer Einrichtung gehören.',
  },
  'manage.validation.noInstitution': {
    fr: "Le super-administrateur n'appartient à aucun établissement.",
    en: 'The super-admin belongs to no institution.',
    de: 'Der Super-Administrator gehört zu keiner Einrichtung.',
  },
  'manage.validation.emailTaken': {
    fr: 'Cette adresse e-mail est déjà utilisée.',
    en: 'This e-mail address is already used.',
    de: 'Diese E-Mail-Adresse wird bereits verwendet.',
  },
  'manage.validation.unknownInstitution': {
    fr: "Cet établissement n'existe pas.",
    en: 'This institution does not exist.',
    de: 'Diese Einrichtung existiert nicht.',
  },
  'manage.conflict.institutionInUse': {
    fr: 'Des utilisateurs ou des promotions dépendent de cet établissement : archivez-le plutôt.',
    en: 'Users or promotions depend on this institution: archive it instead.',
    de: 'Benutzer oder Jahrgänge hängen von dieser Einrichtung ab: bitte stattdessen archivieren.',
  },
  'manage.conflict.programInUse': {
    fr: 'Des promotions utilisent ce programme : archivez-le plutôt.',
    en: 'Promotions use this program: archive it instead.',
    de: 'Jahrgänge verwenden dieses Programm: bitte stattdessen archivieren.',
  },
  'manage.conflict.programHasPromotions': {
    fr: "Des promotions de cet établissement utilisent ce programme : archivez-les d'abord.",
    en: 'Promotions of this institution use this program: archive them first.',
    de: 'Jahrgänge dieser Einrichtung verwenden dieses Programm: bitte zuerst archivieren.',
  },
  'manage.conflict.moduleInUse': {
    fr: 'Des formations utilisent ce module : archivez-le plutôt.',
    en: 'Trainings use this module: archive it instead.',
    de: 'Ausbildungen verwenden dieses Modul: bitte stattdessen archivieren.',
  },
  'manage.conflict.userInUse': {
    fr: 'Des données dépendent de cet utilisateur : archivez-le plutôt.',
    en: 'Data depends on this user: archive them instead.',
    de: 'Daten hängen von diesem Benutzer ab: bitte stattdessen archivieren.',
  },
  'manage.conflict.self': {
    fr: 'Vous ne pouvez pas faire cela sur votre propre compte.',
    en: 'You cannot do this to your own account.',
    de: 'Das können Sie mit Ihrem eigenen Konto nicht tun.',
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
