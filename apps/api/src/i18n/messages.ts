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
  'errors.nul_character': {
    fr: 'Ce texte contient un caractère invisible interdit (NUL).',
    en: 'This text contains a forbidden invisible character (NUL).',
    de: 'Dieser Text enthält ein unzulässiges unsichtbares Zeichen (NUL).',
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
  'account.rules.password': {
    fr: 'Le nouveau mot de passe doit contenir au moins 8 caractères avec une minuscule, une majuscule, un chiffre et un caractère spécial.',
    en: 'The new password must have at least 8 characters with lowercase, uppercase, digit and special character.',
    de: 'Das neue Passwort muss mindestens 8 Zeichen mit Kleinbuchstaben, Großbuchstaben, Ziffer und Sonderzeichen enthalten.',
  },
  'account.rules.passwordTooLong': {
    fr: 'Le mot de passe ne peut pas dépasser 128 caractères.',
    en: 'The password may not be longer than 128 characters.',
    de: 'Das Passwort darf höchstens 128 Zeichen lang sein.',
  },
  'account.rules.passwordMismatch': {
    fr: 'La confirmation ne correspond pas au mot de passe.',
    en: 'The confirmation does not match the password.',
    de: 'Die Bestätigung stimmt nicht mit dem Passwort überein.',
  },
  'account.rules.passwordCommon': {
    fr: 'Ce mot de passe est trop courant : choisissez-en un autre.',
    en: 'This password is too common: choose another one.',
    de: 'Dieses Passwort ist zu verbreitet: Wählen Sie ein anderes.',
  },
  'account.rules.passwordPersonal': {
    fr: 'Ce mot de passe contient votre nom, votre adresse e-mail, ou le nom de Skolar ou de votre établissement : choisissez-en un autre.',
    en: 'This password contains your name, your e-mail address, or the name of Skolar or of your institution: choose another one.',
    de: 'Dieses Passwort enthält Ihren Namen, Ihre E-Mail-Adresse oder den Namen von Skolar oder Ihrer Einrichtung: Wählen Sie ein anderes.',
  },
  'account.rules.passwordSame': {
    fr: 'Le nouveau mot de passe doit être différent de l’actuel.',
    en: 'The new password must differ from the current one.',
    de: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  },
  'account.rules.tooLong': {
    fr: 'Ce texte est trop long.',
    en: 'This text is too long.',
    de: 'Dieser Text ist zu lang.',
  },
  'validation.phone': {
    fr: 'Saisissez un numéro de téléphone valide.',
    en: 'Enter a valid phone number.',
    de: 'Geben Sie eine gültige Telefonnummer ein.',
  },
  'account.rules.date': {
    fr: 'Saisissez une date valide.',
    en: 'Enter a valid date.',
    de: 'Geben Sie ein gültiges Datum ein.',
  },
  'account.rules.mfaCode': {
    fr: 'Code invalide.',
    en: 'Invalid code.',
    de: 'Ungültiger Code.',
  },
  'setup.link_invalid': {
    fr: 'Ce lien de première installation est invalide, a déjà servi ou a expiré.',
    en: 'This first-run setup link is invalid, already used or expired.',
    de: 'Dieser Link zur Ersteinrichtung ist ungültig, wurde bereits verwendet oder ist abgelaufen.',
  },
  'setup.done': {
    fr: 'Le compte super-administrateur est créé. Vous pouvez vous connecter.',
    en: 'The super-admin account is created. You can sign in.',
    de: 'Das Super-Administrator-Konto wurde erstellt. Sie können sich anmelden.',
  },
  'account.rules.mfaEmailCode': {
    fr: 'Saisissez le code reçu par e-mail.',
    en: 'Enter the code you received by e-mail.',
    de: 'Geben Sie den per E-Mail erhaltenen Code ein.',
  },
  'account.link_invalid': {
    fr: 'Ce lien est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    en: 'This link is invalid, already used or expired. Ask for a new one.',
    de: 'Dieser Link ist ungültig, wurde bereits verwendet oder ist abgelaufen. Fordern Sie einen neuen an.',
  },
  'account.forgot_sent': {
    fr: 'Si un compte existe pour cette adresse, un lien de réinitialisation vient d’y être envoyé. Il est valable 60 minutes.',
    en: 'If an account exists for this address, a reset link has just been sent to it. It is valid for 60 minutes.',
    de: 'Falls ein Konto mit dieser Adresse existiert, wurde soeben ein Link zum Zurücksetzen gesendet. Er ist 60 Minuten gültig.',
  },
  'account.verify_sent': {
    fr: 'Si cette adresse attend une vérification, un nouveau lien vient d’y être envoyé. Pensez à regarder dans vos courriers indésirables.',
    en: 'If this address is waiting for verification, a new link has just been sent to it. Remember to check your spam folder.',
    de: 'Falls diese Adresse auf eine Bestätigung wartet, wurde soeben ein neuer Link gesendet. Sehen Sie auch im Spam-Ordner nach.',
  },
  'account.email_verified': {
    fr: 'Votre adresse e-mail est vérifiée. Vous pouvez vous connecter.',
    en: 'Your e-mail address is verified. You can sign in.',
    de: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich anmelden.',
  },
  'account.choose_password': {
    fr: 'Choisissez votre mot de passe pour activer votre compte.',
    en: 'Choose your password to activate your account.',
    de: 'Wählen Sie Ihr Passwort, um Ihr Konto zu aktivieren.',
  },
  'account.account_activated': {
    fr: 'Votre compte est activé. Vous pouvez vous connecter avec votre nouveau mot de passe.',
    en: 'Your account is activated. You can sign in with your new password.',
    de: 'Ihr Konto ist aktiviert. Sie können sich mit Ihrem neuen Passwort anmelden.',
  },
  'account.password_reset': {
    fr: 'Votre mot de passe a été réinitialisé. Connectez-vous avec le nouveau.',
    en: 'Your password has been reset. Sign in with the new one.',
    de: 'Ihr Passwort wurde zurückgesetzt. Melden Sie sich mit dem neuen an.',
  },
  'account.password_changed': {
    fr: 'Votre mot de passe a été modifié. Vos autres sessions ont été fermées.',
    en: 'Your password has been changed. Your other sessions have been signed out.',
    de: 'Ihr Passwort wurde geändert. Ihre anderen Sitzungen wurden abgemeldet.',
  },
  'account.password_already_set': {
    fr: 'Ce compte a déjà un mot de passe : utilisez « mot de passe oublié ».',
    en: 'This account already has a password: use “forgot password”.',
    de: 'Dieses Konto hat bereits ein Passwort: Nutzen Sie „Passwort vergessen“.',
  },
  'account.mfa_invalid': {
    fr: 'Ce code est incorrect ou a expiré.',
    en: 'This code is incorrect or has expired.',
    de: 'Dieser Code ist falsch oder abgelaufen.',
  },
  'account.mfa_email_code_invalid': {
    fr: 'Ce code de confirmation est incorrect ou a expiré : recommencez l’activation pour en recevoir un nouveau.',
    en: 'This confirmation code is incorrect or has expired: start the activation again to get a new one.',
    de: 'Dieser Bestätigungscode ist falsch oder abgelaufen: Beginnen Sie die Aktivierung erneut, um einen neuen zu erhalten.',
  },
  'account.mfa_not_started': {
    fr: 'Commencez par générer un QR code.',
    en: 'Start by generating a QR code.',
    de: 'Erzeugen Sie zuerst einen QR-Code.',
  },
  'account.mfa_required_by_institution': {
    fr: 'Votre établissement impose la double authentification pour votre rôle.',
    en: 'Your institution requires two-factor authentication for your role.',
    de: 'Ihre Einrichtung verlangt für Ihre Rolle die Zwei-Faktor-Authentifizierung.',
  },
  'account.picture_type': {
    fr: 'Choisissez une image JPEG, PNG ou WebP.',
    en: 'Choose a JPEG, PNG or WebP image.',
    de: 'Wählen Sie ein JPEG-, PNG- oder WebP-Bild.',
  },
  'validation.required': {
    fr: 'Ce champ est obligatoire.',
    en: 'This field is required.',
    de: 'Dieses Feld ist erforderlich.',
  },
  'validation.id': {
    fr: 'Saisissez un identifiant valide (des chiffres uniquement).',
    en: 'Enter a valid id (digits only).',
    de: 'Geben Sie eine gültige Kennung ein (nur Ziffern).',
  },
  'validation.email': {
    fr: 'Saisissez une adresse e-mail valide.',
    en: 'Enter a valid e-mail address.',
    de: 'Geben Sie eine gültige E-Mail-Adresse ein.',
  },
  'validation.date': {
    fr: 'Saisissez une date valide.',
    en: 'Enter a valid date.',
    de: 'Geben Sie ein gültiges Datum ein.',
  },
  'validation.time': {
    fr: 'Saisissez une heure valide, de 00:00 à 23:59.',
    en: 'Enter a valid time, from 00:00 to 23:59.',
    de: 'Geben Sie eine gültige Uhrzeit zwischen 00:00 und 23:59 ein.',
  },
  'validation.datetime': {
    fr: 'Saisissez une date et une heure valides.',
    en: 'Enter a valid date and time.',
    de: 'Geben Sie ein gültiges Datum und eine gültige Uhrzeit ein.',
  },
  'contact.sent': {
    fr: 'Votre message a bien été envoyé. Nous vous répondrons rapidement.',
    en: 'Your message has been sent. We will get back to you soon.',
    de: 'Ihre Nachricht wurde gesendet. Wir melden uns bald bei Ihnen.',
  },
  'contact.too_long': {
    fr: 'Ce texte est trop long.',
    en: 'This text is too long.',
    de: 'Dieser Text ist zu lang.',
  },
  'contact.phone': {
    fr: 'Saisissez un numéro de téléphone valide.',
    en: 'Enter a valid phone number.',
    de: 'Geben Sie eine gültige Telefonnummer ein.',
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
  'cohorts.validation.threshold': {
    fr: 'Un pourcentage entre 1 et 100, ou vide.',
    en: 'A percentage between 1 and 100, or empty.',
    de: 'Ein Prozentsatz zwischen 1 und 100 oder leer.',
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
    fr: 'Cette adresse appartient à un autre type de compte de votre institution.',
    en: 'This address belongs to another kind of account in your institution.',
    de: 'Diese Adresse gehört zu einer anderen Kontoart Ihrer Institution.',
  },
  'cohorts.import.address_unavailable': {
    fr: 'Cette adresse ne peut pas servir à un nouveau compte : la ligne n’a pas été importée.',
    en: 'This address cannot be used for a new account: the line was not imported.',
    de: 'Diese Adresse kann für kein neues Konto verwendet werden: die Zeile wurde nicht importiert.',
  },
  'cohorts.import.too_large': {
    fr: 'Le fichier est trop volumineux : 900 000 caractères au plus.',
    en: 'The file is too large: 900,000 characters at most.',
    de: 'Die Datei ist zu groß: höchstens 900.000 Zeichen.',
  },
  'cohorts.import.too_many_rows': {
    fr: 'Le fichier a trop de lignes : 5 000 au plus par import.',
    en: 'The file has too many lines: 5,000 at most per import.',
    de: 'Die Datei hat zu viele Zeilen: höchstens 5.000 pro Import.',
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
  'errors.virus_found': {
    fr: "Le fichier a été refusé par l'analyse antivirus.",
    en: 'The file was refused by the virus scan.',
    de: 'Die Datei wurde von der Virenprüfung abgelehnt.',
  },
  'errors.virus_scan_unavailable': {
    fr: "L'analyse antivirus des fichiers est indisponible : le fichier n'a pas été enregistré. Réessayez dans quelques minutes.",
    en: 'The virus scan of files is unavailable: the file was not saved. Try again in a few minutes.',
    de: 'Die Virenprüfung für Dateien ist nicht verfügbar: die Datei wurde nicht gespeichert. Versuchen Sie es in einigen Minuten erneut.',
  },
  'errors.unsupported_type': {
    fr: "Ce type de fichier n'est pas accepté ici.",
    en: 'This type of file is not accepted here.',
    de: 'Dieser Dateityp wird hier nicht akzeptiert.',
  },
  'lessons.validation.video': {
    fr: 'Saisissez un lien https vers une vidéo YouTube ou Vimeo.',
    en: 'Enter an https link to a YouTube or Vimeo video.',
    de: 'Geben Sie einen https-Link zu einem YouTube- oder Vimeo-Video ein.',
  },
  'lessons.validation.order': {
    fr: 'La liste doit contenir chaque élément actuel exactement une fois.',
    en: 'The list must hold every current item exactly once.',
    de: 'Die Liste muss jedes aktuelle Element genau einmal enthalten.',
  },
  'results.grade_range': {
    fr: 'La note doit être comprise entre 0 et {scale}.',
    en: 'The grade must be between 0 and {scale}.',
    de: 'Die Note muss zwischen 0 und {scale} liegen.',
  },
  'results.grade_negative': {
    fr: 'Une note ne peut pas être négative.',
    en: 'A grade cannot be negative.',
    de: 'Eine Note kann nicht negativ sein.',
  },
  'results.grade_decimals': {
    fr: 'Deux décimales au plus.',
    en: 'Two decimals at most.',
    de: 'Höchstens zwei Nachkommastellen.',
  },
  'results.absent_with_grade': {
    fr: 'Un étudiant absent n’a pas de note (l’absence compte 0/20).',
    en: 'An absent student has no grade (the absence counts 0/20).',
    de: 'Ein abwesender Studierender hat keine Note (die Abwesenheit zählt 0/20).',
  },
  'results.duplicate_student': {
    fr: 'Cet étudiant apparaît deux fois.',
    en: 'This student appears twice.',
    de: 'Diese:r Studierende erscheint zweimal.',
  },
  'results.not_a_student': {
    fr: 'Cet étudiant ne fait pas partie de la promotion de cette évaluation.',
    en: 'This student is not in the promotion of this evaluation.',
    de: 'Diese:r Studierende gehört nicht zum Jahrgang dieser Prüfung.',
  },
  'results.changed_meanwhile': {
    fr: 'Cette ligne a été modifiée entre-temps par quelqu’un d’autre.',
    en: 'Someone else changed this line in the meantime.',
    de: 'Jemand anderes hat diese Zeile inzwischen geändert.',
  },
  'results.conflict': {
    fr: 'Des notes ont été modifiées entre-temps : rien n’a été enregistré.',
    en: 'Some grades were changed in the meantime: nothing was saved.',
    de: 'Einige Noten wurden inzwischen geändert: Es wurde nichts gespeichert.',
  },
  'results.points_range': {
    fr: 'Les points vont de 0 au barème de la question.',
    en: 'The points go from 0 to the question’s maximum.',
    de: 'Die Punkte reichen von 0 bis zum Höchstwert der Frage.',
  },
  'results.not_open_answer': {
    fr: 'Cette question n’est pas une réponse rédigée de cette copie.',
    en: 'This question is not a written answer of this attempt.',
    de: 'Diese Frage ist keine Freitextantwort dieses Versuchs.',
  },
  'results.attempt_open': {
    fr: 'La copie est encore ouverte : elle se corrige une fois rendue.',
    en: 'The attempt is still open: it is marked once handed in.',
    de: 'Der Versuch ist noch offen: Er wird nach der Abgabe bewertet.',
  },
  'results.group_outside': {
    fr: 'Ce groupe n’appartient pas à la promotion de cette évaluation.',
    en: 'This group is not in the promotion of this evaluation.',
    de: 'Diese Gruppe gehört nicht zum Jahrgang dieser Prüfung.',
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
  'projects.notAProject': {
    fr: 'Seuls les projets acceptent un rendu de fichier.',
    en: 'Only projects take a file hand-in.',
    de: 'Nur Projekte nehmen eine Dateiabgabe an.',
  },
  'projects.notOpenYet': {
    fr: 'Le dépôt de ce projet n’est pas encore ouvert.',
    en: 'Hand-ins for this project are not open yet.',
    de: 'Die Abgabe für dieses Projekt ist noch nicht geöffnet.',
  },
  'evaluations.validation.secondIsForProjects': {
    fr: 'Seul un projet peut être corrigé deux fois.',
    en: 'Only a project can be marked twice.',
    de: 'Nur ein Projekt kann doppelt bewertet werden.',
  },
  'attendance.notManual': {
    fr: 'Seule une séance créée à la main peut être supprimée.',
    en: 'Only a session created by hand can be deleted.',
    de: 'Nur eine von Hand angelegte Sitzung kann gelöscht werden.',
  },
  'attendance.closed': {
    fr: 'Cette séance est close : rouvrez-la pour reprendre les arrivées.',
    en: 'This session is closed: reopen it to take check-ins again.',
    de: 'Diese Sitzung ist geschlossen: Öffnen Sie sie wieder, um erneut Anmeldungen anzunehmen.',
  },
  'attendance.validation.range': {
    fr: 'La fin de la période précède son début.',
    en: 'The end of the period is before its start.',
    de: 'Das Ende des Zeitraums liegt vor seinem Beginn.',
  },
  'attendance.validation.rangeTooLong': {
    fr: 'Deux mois au plus.',
    en: 'Two months at most.',
    de: 'Höchstens zwei Monate.',
  },
  'attendance.validation.justificationTooLong': {
    fr: 'Un justificatif couvre un mois au plus.',
    en: 'A justification covers a month at most.',
    de: 'Ein Nachweis deckt höchstens einen Monat ab.',
  },
  'attendance.validation.decision': {
    fr: 'Acceptez ou refusez.',
    en: 'Accept or refuse.',
    de: 'Annehmen oder ablehnen.',
  },
  'announcements.validation.audience': {
    fr: 'Choisissez l’établissement, une de vos promotions ou un de vos groupes.',
    en: 'Choose the institution, one of your promotions or one of your groups.',
    de: 'Wählen Sie die Einrichtung, einen Ihrer Jahrgänge oder eine Ihrer Gruppen.',
  },
  'discussions.validation.subject': {
    fr: 'Choisissez une matière que vous suivez.',
    en: 'Choose a subject you follow.',
    de: 'Wählen Sie ein Fach, das Sie belegen.',
  },
  'discussions.validation.mention': {
    fr: 'Cette personne ne peut pas lire cette discussion.',
    en: 'This person cannot read this discussion.',
    de: 'Diese Person kann diese Diskussion nicht lesen.',
  },
  'discussions.validation.closed': {
    fr: 'Le délai pour modifier ou retirer ce message est passé.',
    en: 'The time to edit or remove this post is over.',
    de: 'Die Frist zum Bearbeiten oder Entfernen dieses Beitrags ist abgelaufen.',
  },
  'discussions.validation.answer': {
    fr: 'Choisissez une réponse de cette discussion.',
    en: 'Choose a reply of this discussion.',
    de: 'Wählen Sie eine Antwort dieser Diskussion.',
  },
  'discussions.validation.title': {
    fr: 'Seul le premier message porte le titre.',
    en: 'Only the opening post carries the title.',
    de: 'Nur der erste Beitrag trägt den Titel.',
  },
  'discussions.validation.attachment': {
    fr: 'Joignez au plus 5 fichiers que vous venez d’envoyer.',
    en: 'Attach at most 5 files you have just uploaded.',
    de: 'Hängen Sie höchstens 5 Dateien an, die Sie gerade hochgeladen haben.',
  },
  'discussions.validation.ownPost': {
    fr: 'Vous ne pouvez pas signaler votre propre message.',
    en: 'You cannot report your own post.',
    de: 'Sie können Ihren eigenen Beitrag nicht melden.',
  },
  'messages.validation.members': {
    fr: 'Choisissez de 1 à 9 personnes avec qui vous partagez une promotion, un groupe ou une matière.',
    en: 'Choose 1 to 9 people you share a promotion, a group or a subject with.',
    de: 'Wählen Sie 1 bis 9 Personen, mit denen Sie einen Jahrgang, eine Gruppe oder ein Fach teilen.',
  },
  'messages.validation.blocked': {
    fr: 'Vous ne pouvez pas écrire à cette personne.',
    en: 'You cannot write to this person.',
    de: 'Sie können dieser Person nicht schreiben.',
  },
  'messages.validation.blockStaff': {
    fr: 'Seuls d’autres apprenants peuvent être bloqués.',
    en: 'Only other learners can be blocked.',
    de: 'Nur andere Lernende können blockiert werden.',
  },
  'notifications.unsubscribe.used': {
    fr: 'Ce lien de désabonnement a déjà servi.',
    en: 'This unsubscribe link has already been used.',
    de: 'Dieser Abmeldelink wurde bereits verwendet.',
  },
  'notifications.validation.delivery': {
    fr: 'Choisissez dans l’application, par e-mail, dans le récapitulatif ou jamais.',
    en: 'Choose in the application, by e-mail, in the digest or never.',
    de: 'Wählen Sie in der Anwendung, per E-Mail, in der Zusammenfassung oder nie.',
  },
  'notifications.validation.hour': {
    fr: 'Choisissez une heure de 0 à 23.',
    en: 'Choose an hour from 0 to 23.',
    de: 'Wählen Sie eine Stunde von 0 bis 23.',
  },
  'notifications.validation.timeZone': {
    fr: 'Ce fuseau horaire est inconnu.',
    en: 'This time zone is unknown.',
    de: 'Diese Zeitzone ist unbekannt.',
  },
  'notifications.validation.type': {
    fr: 'Vous ne recevez pas ce type de notification.',
    en: 'You do not receive this type of notification.',
    de: 'Sie erhalten diese Art von Benachrichtigung nicht.',
  },
  'attendance.justification.decided': {
    fr: 'Ce justificatif a déjà été traité.',
    en: 'This justification has already been decided.',
    de: 'Über diesen Nachweis wurde bereits entschieden.',
  },
  'attendance.validation.rangeTooLongYear': {
    fr: 'Un an au plus.',
    en: 'One year at most.',
    de: 'Höchstens ein Jahr.',
  },
  'attendance.validation.key': {
    fr: 'Séance inconnue.',
    en: 'Unknown session.',
    de: 'Unbekannte Sitzung.',
  },
  'attendance.validation.endBeforeStart': {
    fr: 'L’heure de fin doit suivre l’heure de début.',
    en: 'The end time must come after the start time.',
    de: 'Die Endzeit muss nach der Anfangszeit liegen.',
  },
  'attendance.validation.margin': {
    fr: 'De 0 à 240 minutes.',
    en: '0 to 240 minutes.',
    de: '0 bis 240 Minuten.',
  },
  'attendance.validation.status': {
    fr: 'Présent, en retard, absent ou excusé.',
    en: 'Present, late, absent or excused.',
    de: 'Anwesend, verspätet, abwesend oder entschuldigt.',
  },
  'attendance.validation.lateMinutes': {
    fr: 'Un retard compte de 1 à 1440 minutes.',
    en: 'A late arrival counts 1 to 1440 minutes.',
    de: 'Eine Verspätung zählt 1 bis 1440 Minuten.',
  },
  'attendance.validation.code': {
    fr: 'Le code a six caractères, lettres et chiffres.',
    en: 'The code has six characters, letters and digits.',
    de: 'Der Code hat sechs Zeichen, Buchstaben und Ziffern.',
  },
  'attendance.validation.audience': {
    fr: 'Choisissez une promotion ou un groupe que vous suivez.',
    en: 'Choose a promotion or a group you follow.',
    de: 'Wählen Sie einen Jahrgang oder eine Gruppe, die Sie betreuen.',
  },
  'attendance.validation.training': {
    fr: 'Formation inconnue dans cet établissement.',
    en: 'No such training in this institution.',
    de: 'Keine solche Ausbildung in dieser Einrichtung.',
  },
  'attendance.validation.student': {
    fr: 'Cette personne n’est pas attendue à cette séance.',
    en: 'This person is not expected at this session.',
    de: 'Diese Person wird in dieser Sitzung nicht erwartet.',
  },
  'attendance.validation.halfDay': {
    fr: 'Cette séance n’a pas cette demi-journée.',
    en: 'This session does not have this half-day.',
    de: 'Diese Sitzung hat diesen Halbtag nicht.',
  },
  'attendance.checkIn.invalid': {
    fr: 'Code inconnu : scannez ou tapez celui affiché maintenant.',
    en: 'Unknown code: scan or type the one shown now.',
    de: 'Unbekannter Code: Scannen oder tippen Sie den jetzt angezeigten.',
  },
  'attendance.checkIn.expired': {
    fr: 'Ce code a expiré : scannez ou tapez celui affiché maintenant.',
    en: 'This code has expired: scan or type the one shown now.',
    de: 'Dieser Code ist abgelaufen: Scannen oder tippen Sie den jetzt angezeigten.',
  },
  'attendance.checkIn.used': {
    fr: 'Ce code vient de servir : scannez ou tapez le nouveau.',
    en: 'This code was just used: scan or type the new one.',
    de: 'Dieser Code wurde gerade verwendet: Scannen oder tippen Sie den neuen.',
  },
  'attendance.checkIn.outside': {
    fr: 'L’émargement n’est pas ouvert pour cette séance à cette heure.',
    en: 'Check-in is not open for this session at this time.',
    de: 'Die Anmeldung ist für diese Sitzung zu dieser Zeit nicht geöffnet.',
  },
  'attendance.checkIn.closed': {
    fr: 'Cette séance est close.',
    en: 'This session is closed.',
    de: 'Diese Sitzung ist geschlossen.',
  },
  'attendance.alreadySigned': {
    fr: 'Cette demi-journée est déjà signée.',
    en: 'This half-day is already signed.',
    de: 'Dieser Halbtag ist bereits unterschrieben.',
  },
  'attendance.validation.signature': {
    fr: 'Signez dans le cadre avant d’envoyer.',
    en: 'Sign in the box before sending.',
    de: 'Unterschreiben Sie im Feld, bevor Sie senden.',
  },
  'attendance.validation.notPresent': {
    fr: 'On ne signe qu’une demi-journée où l’on est présent ou en retard.',
    en: 'Only a half-day marked present or late can be signed.',
    de: 'Nur ein als anwesend oder verspätet erfasster Halbtag kann unterschrieben werden.',
  },
  'attendance.validation.trainerSigns': {
    fr: 'Seul le formateur de la séance la signe, pour lui-même.',
    en: 'Only the trainer of the session signs it, for themselves.',
    de: 'Nur die Lehrkraft der Sitzung unterschreibt sie, für sich selbst.',
  },
  'attendance.validation.replaces': {
    fr: 'On ne corrige que la signature en vigueur de cette personne pour cette demi-journée.',
    en: 'Only the current signature of this person for this half-day can be corrected.',
    de: 'Nur die gültige Unterschrift dieser Person für diesen Halbtag kann korrigiert werden.',
  },
  'attendance.validation.reason': {
    fr: 'Une correction dit pourquoi.',
    en: 'A correction says why.',
    de: 'Eine Korrektur nennt ihren Grund.',
  },
  'attendance.csv.day': {
    fr: 'Jour',
    en: 'Day',
    de: 'Tag',
  },
  'attendance.csv.from': {
    fr: 'Début',
    en: 'Start',
    de: 'Beginn',
  },
  'attendance.csv.to': {
    fr: 'Fin',
    en: 'End',
    de: 'Ende',
  },
  'attendance.csv.session': {
    fr: 'Séance',
    en: 'Session',
    de: 'Sitzung',
  },
  'attendance.csv.audience': {
    fr: 'Promotion ou groupe',
    en: 'Promotion or group',
    de: 'Jahrgang oder Gruppe',
  },
  'attendance.csv.trainer': {
    fr: 'Formateur',
    en: 'Trainer',
    de: 'Lehrkraft',
  },
  'attendance.csv.last_name': {
    fr: 'Nom',
    en: 'Last name',
    de: 'Nachname',
  },
  'attendance.csv.first_name': {
    fr: 'Prénom',
    en: 'First name',
    de: 'Vorname',
  },
  'attendance.csv.half_day': {
    fr: 'Demi-journée',
    en: 'Half-day',
    de: 'Halbtag',
  },
  'attendance.csv.status': {
    fr: 'Présence',
    en: 'Attendance',
    de: 'Anwesenheit',
  },
  'attendance.csv.late_minutes': {
    fr: 'Minutes de retard',
    en: 'Minutes late',
    de: 'Minuten Verspätung',
  },
  'attendance.csv.remark': {
    fr: 'Remarque',
    en: 'Remark',
    de: 'Bemerkung',
  },
  'attendance.csv.checked_in_at': {
    fr: 'Arrivée par code',
    en: 'Checked in with the code',
    de: 'Per Code eingecheckt',
  },
  'attendance.csv.signed': {
    fr: 'Signé',
    en: 'Signed',
    de: 'Unterschrieben',
  },
  'attendance.csv.yes': {
    fr: 'oui',
    en: 'yes',
    de: 'ja',
  },
  'attendance.csv.no': {
    fr: 'non',
    en: 'no',
    de: 'nein',
  },
  'attendance.csv.half.am': {
    fr: 'matin',
    en: 'morning',
    de: 'Vormittag',
  },
  'attendance.csv.half.pm': {
    fr: 'après-midi',
    en: 'afternoon',
    de: 'Nachmittag',
  },
  'attendance.csv.status.present': {
    fr: 'présent',
    en: 'present',
    de: 'anwesend',
  },
  'attendance.csv.status.late': {
    fr: 'en retard',
    en: 'late',
    de: 'verspätet',
  },
  'attendance.csv.status.absent': {
    fr: 'absent',
    en: 'absent',
    de: 'abwesend',
  },
  'attendance.csv.status.excused': {
    fr: 'excusé',
    en: 'excused',
    de: 'entschuldigt',
  },
  'attendance.csv.status.unmarked': {
    fr: 'non relevé',
    en: 'not called',
    de: 'nicht erfasst',
  },
  'attendance.csv.file_name': {
    fr: 'presences-{from}-{to}.csv',
    en: 'attendance-{from}-{to}.csv',
    de: 'anwesenheit-{from}-{to}.csv',
  },
  'marking.twiceMarked': {
    fr: 'Cette copie a déjà ses deux corrections : il reste à convenir de la note.',
    en: 'This hand-in already has both markings: the grade remains to be agreed.',
    de: 'Diese Abgabe ist bereits doppelt bewertet: Es bleibt, die Note zu vereinbaren.',
  },
  'marking.notReady': {
    fr: 'Les deux correcteurs doivent avoir proposé une note avant l’accord.',
    en: 'Both markers must propose a grade before agreeing.',
    de: 'Beide Bewertenden müssen eine Note vorschlagen, bevor sie sich einigen.',
  },
  'marking.agreedReason': {
    fr: 'Note convenue entre les correcteurs ({first} et {second} proposés)',
    en: 'Grade agreed between the markers ({first} and {second} proposed)',
    de: 'Zwischen den Bewertenden vereinbarte Note ({first} und {second} vorgeschlagen)',
  },
  'marking.agreed': {
    fr: 'La note de cette copie est déjà convenue.',
    en: 'The grade of this hand-in is already agreed.',
    de: 'Die Note dieser Abgabe ist bereits vereinbart.',
  },
  'marking.validation.points': {
    fr: 'Entre 0 et 1000 points, deux décimales au plus.',
    en: 'Between 0 and 1000 points, two decimals at most.',
    de: 'Zwischen 0 und 1000 Punkten, höchstens zwei Nachkommastellen.',
  },
  'marking.validation.id': {
    fr: 'Identifiant de critère ou de niveau invalide ou en double.',
    en: 'A criterion or level id is invalid or used twice.',
    de: 'Eine Kennung eines Kriteriums oder einer Stufe ist ungültig oder doppelt.',
  },
  'marking.validation.levels': {
    fr: 'Un critère de grille a de 2 à 10 niveaux.',
    en: 'A rubric criterion has 2 to 10 levels.',
    de: 'Ein Rasterkriterium hat 2 bis 10 Stufen.',
  },
  'marking.validation.maxPoints': {
    fr: 'Un critère de guide a un maximum de points supérieur à 0.',
    en: 'A guide criterion has a maximum above 0 points.',
    de: 'Ein Kriterium des Leitfadens hat ein Maximum über 0 Punkten.',
  },
  'marking.validation.criteria': {
    fr: 'De 1 à 50 critères.',
    en: '1 to 50 criteria.',
    de: '1 bis 50 Kriterien.',
  },
  'marking.validation.noPoints': {
    fr: 'Au moins un critère doit valoir des points.',
    en: 'At least one criterion must be worth points.',
    de: 'Mindestens ein Kriterium muss Punkte wert sein.',
  },
  'marking.validation.criterion': {
    fr: 'Ce critère n’est pas dans la grille, ou il est noté deux fois.',
    en: 'This criterion is not in the rubric, or is scored twice.',
    de: 'Dieses Kriterium ist nicht im Raster oder wurde doppelt bewertet.',
  },
  'marking.validation.level': {
    fr: 'Ce niveau n’existe pas pour ce critère.',
    en: 'This level does not belong to this criterion.',
    de: 'Diese Stufe gehört nicht zu diesem Kriterium.',
  },
  'marking.validation.overMax': {
    fr: 'Plus de points que le maximum du critère.',
    en: 'More points than the criterion’s maximum.',
    de: 'Mehr Punkte als das Maximum des Kriteriums.',
  },
  'marking.validation.reason': {
    fr: 'Une note différente de celle de la grille demande un motif.',
    en: 'A grade that differs from the rubric’s needs a reason.',
    de: 'Eine vom Raster abweichende Note braucht eine Begründung.',
  },
  'marking.pdfUnreadable': {
    fr: 'Ce PDF est illisible : la copie annotée ne peut pas être produite. Le fichier d’origine reste téléchargeable.',
    en: 'This PDF cannot be read: the annotated copy cannot be made. The original file can still be downloaded.',
    de: 'Diese PDF ist nicht lesbar: Die kommentierte Fassung kann nicht erstellt werden. Die Originaldatei bleibt herunterladbar.',
  },
  'marking.validation.notPdf': {
    fr: 'Seul un rendu PDF peut être annoté.',
    en: 'Only a PDF hand-in can be annotated.',
    de: 'Nur eine PDF-Abgabe kann annotiert werden.',
  },
  'marking.validation.noRubric': {
    fr: 'Cette évaluation n’a pas de grille.',
    en: 'This evaluation has no rubric.',
    de: 'Diese Prüfung hat kein Raster.',
  },
  'projects.emptyGroup': {
    fr: 'Ce groupe n’a aucun étudiant.',
    en: 'This group has no student.',
    de: 'Diese Gruppe hat keine Studierenden.',
  },
  'projects.extensionBefore': {
    fr: 'La nouvelle date limite doit être après celle du projet.',
    en: 'The new deadline must be after the project’s.',
    de: 'Die neue Frist muss nach der des Projekts liegen.',
  },
  'projects.closed': {
    fr: 'La date limite de ce projet est passée : le dépôt est fermé.',
    en: 'The deadline of this project has passed: hand-ins are closed.',
    de: 'Die Frist dieses Projekts ist abgelaufen: Die Abgabe ist geschlossen.',
  },
  'projects.quotaVersions': {
    fr: 'Vous avez rendu {max} versions de ce projet, le maximum : ce fichier n’a pas été enregistré.',
    en: 'You have handed in {max} versions of this project, the most it takes: this file was not stored.',
    de: 'Sie haben {max} Versionen dieses Projekts abgegeben, das Maximum: Diese Datei wurde nicht gespeichert.',
  },
  'projects.quotaBytes': {
    fr: 'Avec ce fichier, vos rendus de ce projet dépasseraient {max} Mo ({used} Mo déjà utilisés) : il n’a pas été enregistré.',
    en: 'This file would take your hand-ins to this project past {max} MB ({used} MB already used): it was not stored.',
    de: 'Mit dieser Datei würden Ihre Abgaben zu diesem Projekt {max} MB überschreiten ({used} MB bereits belegt): Sie wurde nicht gespeichert.',
  },
  'calendar.validation.weekdays': {
    fr: 'Choisissez au moins un jour de la semaine.',
    en: 'Choose at least one day of the week.',
    de: 'Wählen Sie mindestens einen Wochentag.',
  },
  'calendar.validation.count': {
    fr: 'Indiquez un nombre de fois entre 1 et 200.',
    en: 'Give a number of times between 1 and 200.',
    de: 'Geben Sie eine Anzahl zwischen 1 und 200 an.',
  },
  'calendar.validation.repeat_end': {
    fr: 'Indiquez une date de fin ou un nombre de fois, pas les deux.',
    en: 'Give an end date or a number of times, not both.',
    de: 'Geben Sie ein Enddatum oder eine Anzahl an, nicht beides.',
  },
  'calendar.validation.too_long': {
    fr: 'Le titre ne doit pas dépasser 200 caractères.',
    en: 'The title must not exceed 200 characters.',
    de: 'Der Titel darf höchstens 200 Zeichen lang sein.',
  },
  'calendar.validation.end_before_start': {
    fr: 'La fin doit suivre le début.',
    en: 'The end must come after the start.',
    de: 'Das Ende muss nach dem Beginn liegen.',
  },
  'calendar.validation.range_too_long': {
    fr: 'La période demandée est trop longue (400 jours au plus).',
    en: 'The requested period is too long (400 days at most).',
    de: 'Der angefragte Zeitraum ist zu lang (höchstens 400 Tage).',
  },
  'calendar.validation.audience': {
    fr: 'Vous ne pouvez pas publier un événement pour ce public.',
    en: 'You cannot publish an event for this audience.',
    de: 'Sie können für dieses Publikum keinen Termin veröffentlichen.',
  },
  'calendar.validation.no_occurrence': {
    fr: 'Cette répétition ne donne aucune occurrence : la date de fin précède le début.',
    en: 'This repetition gives no occurrence: the end date comes before the start.',
    de: 'Diese Wiederholung ergibt keinen Termin: Das Enddatum liegt vor dem Beginn.',
  },
  'calendar.validation.too_many': {
    fr: 'Une série compte au plus 200 occurrences : choisissez une date de fin plus proche.',
    en: 'A series has at most 200 occurrences: choose an earlier end date.',
    de: 'Eine Serie hat höchstens 200 Termine: Wählen Sie ein früheres Enddatum.',
  },
  'seminars.validation.link': {
    fr: 'Saisissez une adresse commençant par http:// ou https://.',
    en: 'Enter an address starting with http:// or https://.',
    de: 'Geben Sie eine Adresse ein, die mit http:// oder https:// beginnt.',
  },
  'seminars.validation.day': {
    fr: 'Saisissez une date valide.',
    en: 'Enter a valid date.',
    de: 'Geben Sie ein gültiges Datum ein.',
  },
  'seminars.validation.time': {
    fr: 'Saisissez une heure au format HH:MM.',
    en: 'Enter a time as HH:MM.',
    de: 'Geben Sie eine Uhrzeit im Format HH:MM ein.',
  },
  'seminars.validation.endsAfter': {
    fr: "L'heure de fin doit suivre l'heure de début.",
    en: 'The end time must come after the start time.',
    de: 'Die Endzeit muss nach der Startzeit liegen.',
  },
  'seminars.validation.placeOrLink': {
    fr: 'Indiquez un lieu ou un lien en ligne.',
    en: 'Give a place or an online link.',
    de: 'Geben Sie einen Ort oder einen Online-Link an.',
  },
  'evaluations.validation.day': {
    fr: 'Saisissez une date valide.',
    en: 'Enter a valid date.',
    de: 'Geben Sie ein gültiges Datum ein.',
  },
  'evaluations.validation.time': {
    fr: 'Saisissez une heure au format HH:MM.',
    en: 'Enter a time as HH:MM.',
    de: 'Geben Sie eine Uhrzeit im Format HH:MM ein.',
  },
  'evaluations.validation.deadline': {
    fr: 'Saisissez une date et une heure valides.',
    en: 'Enter a valid date and time.',
    de: 'Geben Sie ein gültiges Datum und eine gültige Uhrzeit ein.',
  },
  'evaluations.validation.percentage': {
    fr: 'Le pourcentage est un nombre de 0 à 100.',
    en: 'The percentage is a number from 0 to 100.',
    de: 'Der Prozentsatz ist eine Zahl von 0 bis 100.',
  },
  'evaluations.validation.percentageSum': {
    fr: 'Le total des pourcentages de cette matière dépasse 100 % : veuillez ajuster les pourcentages.',
    en: 'The percentages of this subject add up to more than 100 %: please adjust the percentages.',
    de: 'Die Prozentsätze dieses Fachs ergeben zusammen mehr als 100 %: bitte passen Sie die Prozentsätze an.',
  },
  'evaluations.validation.subjectHasNoTraining': {
    fr: "Cette matière n'est associée à aucune formation : associez-la d'abord à une formation pour y ajouter une évaluation.",
    en: 'This subject is not associated with any training: associate it with a training first to add an evaluation.',
    de: 'Dieses Fach ist keiner Ausbildung zugeordnet: ordnen Sie es zuerst einer Ausbildung zu, um eine Prüfung hinzuzufügen.',
  },
  'evaluations.validation.trainingOfSubject': {
    fr: 'Choisissez une formation qui contient cette matière.',
    en: 'Choose a training that contains this subject.',
    de: 'Wählen Sie eine Ausbildung, die dieses Fach enthält.',
  },
  'evaluations.validation.duration': {
    fr: 'La durée est un nombre entier de minutes, de 1 à 1440.',
    en: 'The duration is a whole number of minutes, from 1 to 1440.',
    de: 'Die Dauer ist eine ganze Zahl von Minuten, von 1 bis 1440.',
  },
  'evaluations.validation.scale': {
    fr: 'Le barème est un nombre supérieur à 0, au plus 1000.',
    en: 'The scale is a number greater than 0, at most 1000.',
    de: 'Die Skala ist eine Zahl größer als 0, höchstens 1000.',
  },
  'evaluations.validation.endsAfter': {
    fr: "L'heure de fin doit suivre l'heure de début.",
    en: 'The end time must come after the start time.',
    de: 'Die Endzeit muss nach der Startzeit liegen.',
  },
  'evaluations.validation.deadlineAfterStart': {
    fr: "La date limite doit suivre l'ouverture du projet.",
    en: 'The deadline must come after the project opens.',
    de: 'Die Abgabefrist muss nach der Öffnung des Projekts liegen.',
  },
  'evaluations.validation.lateAfterDeadline': {
    fr: 'La date limite des retards doit suivre la date limite du projet.',
    en: "The late cut-off must come after the project's deadline.",
    de: 'Die Frist für verspätete Abgaben muss nach der Abgabefrist des Projekts liegen.',
  },
  'evaluations.validation.lateIsForProjects': {
    fr: 'Seul un projet accepte des rendus en retard.',
    en: 'Only a project takes late hand-ins.',
    de: 'Nur ein Projekt nimmt verspätete Abgaben an.',
  },
  'evaluations.validation.penaltyNeedsCutOff': {
    fr: 'Une pénalité de retard demande une date limite des retards.',
    en: 'A late penalty needs a late cut-off.',
    de: 'Ein Verspätungsabzug braucht eine Frist für verspätete Abgaben.',
  },
  'evaluations.validation.latePenalty': {
    fr: 'La pénalité est un pourcentage du barème, supérieur à 0, au plus 100.',
    en: 'The penalty is a percentage of the scale, greater than 0, at most 100.',
    de: 'Der Abzug ist ein Prozentsatz der Skala, größer als 0, höchstens 100.',
  },
  'evaluations.validation.blindIsForProjects': {
    fr: 'Seul un projet peut être corrigé de façon anonyme.',
    en: 'Only a project can be marked blind.',
    de: 'Nur ein Projekt kann anonym bewertet werden.',
  },
  'evaluations.validation.blindAfterRelease': {
    fr: 'Des notes de cette évaluation sont déjà publiées : la correction ne peut plus devenir anonyme.',
    en: 'Grades of this evaluation are already published: its marking can no longer become blind.',
    de: 'Noten dieser Prüfung sind bereits veröffentlicht: Die Bewertung kann nicht mehr anonym werden.',
  },
  'evaluations.validation.quizIsForExams': {
    fr: 'Seul un examen peut comporter un questionnaire en ligne.',
    en: 'Only an exam can carry an online quiz.',
    de: 'Nur eine Prüfung kann einen Online-Test enthalten.',
  },
  'evaluations.conflict.inUse': {
    fr: 'Des étudiants ont déjà composé, rendu ou été notés : archivez plutôt cette évaluation.',
    en: 'Students have already sat, handed in or been graded: archive this evaluation instead.',
    de: 'Studierende haben bereits teilgenommen, abgegeben oder wurden benotet: archivieren Sie diese Prüfung stattdessen.',
  },
  'subjects.validation.coefficient': {
    fr: 'Le coefficient doit être un nombre strictement positif.',
    en: 'The coefficient must be a number greater than 0.',
    de: 'Der Koeffizient muss eine Zahl größer als 0 sein.',
  },
  'subjects.validation.coefficientMax': {
    fr: 'Le coefficient ne peut pas dépasser 100.',
    en: 'The coefficient cannot exceed 100.',
    de: 'Der Koeffizient darf 100 nicht überschreiten.',
  },
  'subjects.validation.coefficientDecimals': {
    fr: 'Le coefficient a au plus deux décimales.',
    en: 'The coefficient has at most two decimals.',
    de: 'Der Koeffizient hat höchstens zwei Nachkommastellen.',
  },
  'subjects.validation.hourlyVolume': {
    fr: 'Le volume horaire doit être un nombre entier d’heures, 0 ou plus.',
    en: 'The hourly volume must be a whole number of hours, 0 or more.',
    de: 'Das Stundenvolumen muss eine ganze Zahl von Stunden sein, 0 oder mehr.',
  },
  'subjects.validation.hourlyVolumeMax': {
    fr: 'Le volume horaire ne peut pas dépasser 10 000 heures.',
    en: 'The hourly volume cannot exceed 10,000 hours.',
    de: 'Das Stundenvolumen darf 10.000 Stunden nicht überschreiten.',
  },
  'subjects.validation.institutionRequired': {
    fr: 'Choisissez l’établissement de la matière.',
    en: 'Choose the institution of the subject.',
    de: 'Wählen Sie die Einrichtung des Fachs.',
  },
  'subjects.validation.moduleNotOffered': {
    fr: 'Cet établissement ne propose pas ce module.',
    en: 'This institution does not offer this module.',
    de: 'Diese Einrichtung bietet dieses Modul nicht an.',
  },
  'subjects.conflict.inUse': {
    fr: 'Des évaluations ou des notes portent sur cette matière : archivez-la plutôt.',
    en: 'Evaluations or grades belong to this subject: archive it instead.',
    de: 'Zu diesem Fach gibt es Prüfungen oder Noten: bitte stattdessen archivieren.',
  },
  'subjects.conflict.lastSubject': {
    fr: 'Cette leçon n’appartient à aucune autre matière : liez-la d’abord à une autre matière, ou supprimez-la.',
    en: 'This lesson belongs to no other subject: link it to another subject first, or delete it.',
    de: 'Diese Lektion gehört zu keinem anderen Fach: verknüpfen Sie sie zuerst mit einem anderen Fach oder löschen Sie sie.',
  },
  'exams.conflict.notOpenYet': {
    fr: 'Cet examen n’est pas encore ouvert : il ouvre le {at}.',
    en: 'This exam is not open yet: it opens on {at}.',
    de: 'Diese Prüfung ist noch nicht geöffnet: Sie beginnt am {at}.',
  },
  'exams.conflict.closed': {
    fr: 'Cet examen est fermé depuis le {at}.',
    en: 'This exam closed on {at}.',
    de: 'Diese Prüfung ist seit {at} geschlossen.',
  },
  'exams.conflict.noQuiz': {
    fr: 'Cet examen ne se passe pas en ligne.',
    en: 'This exam is not taken online.',
    de: 'Diese Prüfung wird nicht online abgelegt.',
  },
  'exams.conflict.timeUp': {
    fr: 'Le temps est écoulé : la copie est rendue et ne peut plus changer.',
    en: 'Time is up: the attempt is handed in and can no longer change.',
    de: 'Die Zeit ist abgelaufen: Der Versuch ist abgegeben und kann nicht mehr geändert werden.',
  },
  'exams.conflict.started': {
    fr: 'Des étudiants ont commencé ce quiz : seuls le corrigé, le titre et les points de ses questions peuvent encore changer.',
    en: 'Students have started this quiz: only the key, the title and the points of its questions can still change.',
    de: 'Studierende haben dieses Quiz begonnen: Nur Lösung, Titel und Punkte der Fragen können noch geändert werden.',
  },
  'exams.conflict.inDraw': {
    fr: 'Cette question fait partie d’un tirage au sort : retirez le tirage pour la retirer.',
    en: 'This question belongs to a random draw: remove the draw to remove it.',
    de: 'Diese Frage gehört zu einer Zufallsauswahl: Entfernen Sie die Auswahl, um sie zu entfernen.',
  },
  'exams.validation.order': {
    fr: 'Le nouvel ordre doit citer chaque question et chaque tirage de l’examen, une fois chacun.',
    en: 'The new order must name every question and draw of the exam, once each.',
    de: 'Die neue Reihenfolge muss jede Frage und jede Zufallsauswahl der Prüfung genau einmal nennen.',
  },
  'exams.validation.drawCount': {
    fr: 'Indiquez un nombre entier de questions entre 1 et 100.',
    en: 'Give a whole number of questions between 1 and 100.',
    de: 'Geben Sie eine ganze Zahl von Fragen zwischen 1 und 100 an.',
  },
  'exams.validation.drawPool': {
    fr: 'Cette catégorie n’a que {pool} question(s) notée(s) : on ne peut pas en tirer davantage.',
    en: 'This category has only {pool} scored question(s): no more can be drawn.',
    de: 'Diese Kategorie hat nur {pool} bewertete Frage(n): Mehr können nicht gezogen werden.',
  },
  'exams.validation.drawPoints': {
    fr: 'Un tirage ne prend que des questions notées automatiquement ou par le correcteur, pas de description.',
    en: 'A draw takes scored questions only, not descriptions.',
    de: 'Eine Zufallsauswahl nimmt nur bewertete Fragen, keine Beschreibungen.',
  },
  'exams.validation.drawQuestionPoints': {
    fr: 'Une question tirée au sort vaut les points de son tirage.',
    en: 'A drawn question is worth its draw’s points.',
    de: 'Eine gezogene Frage ist so viele Punkte wert wie ihre Zufallsauswahl.',
  },
  'exams.validation.bankQuestion': {
    fr: 'Cette question n’est pas dans la banque de la matière de l’examen.',
    en: 'This question is not in the bank of the exam’s subject.',
    de: 'Diese Frage ist nicht in der Fragensammlung des Fachs der Prüfung.',
  },
  'exams.validation.tags': {
    fr: 'Vingt mots-clés au plus.',
    en: 'Twenty tags at most.',
    de: 'Höchstens zwanzig Schlagwörter.',
  },
  'exams.conflict.bankArchived': {
    fr: 'Cette question a été retirée de la banque ou remplacée par une version plus récente.',
    en: 'This question was removed from the bank or replaced by a newer version.',
    de: 'Diese Frage wurde aus der Sammlung entfernt oder durch eine neuere Version ersetzt.',
  },
  'exams.validation.points': {
    fr: 'Les points doivent être un nombre strictement positif (1000 au plus).',
    en: 'Points must be a number above 0 (1000 at most).',
    de: 'Die Punkte müssen eine Zahl über 0 sein (höchstens 1000).',
  },
  'exams.validation.extraMinutes': {
    fr: 'Indiquez un nombre entier de minutes entre 0 et 600.',
    en: 'Give a whole number of minutes between 0 and 600.',
    de: 'Geben Sie eine ganze Zahl von Minuten zwischen 0 und 600 an.',
  },
  'exams.validation.choices': {
    fr: 'Une question à choix a au moins deux choix.',
    en: 'A choice question has at least two choices.',
    de: 'Eine Auswahlfrage hat mindestens zwei Antworten.',
  },
  'exams.validation.noChoices': {
    fr: 'Une question à réponse écrite n’a pas de choix.',
    en: 'A written-answer question has no choices.',
    de: 'Eine Frage mit schriftlicher Antwort hat keine Auswahl.',
  },
  'exams.validation.keyRange': {
    fr: 'Les bonnes réponses doivent désigner des choix existants, une fois chacun.',
    en: 'The right answers must name existing choices, once each.',
    de: 'Die richtigen Antworten müssen vorhandene Auswahlen bezeichnen, jede einmal.',
  },
  'exams.validation.singleKey': {
    fr: 'Une question à choix unique a exactement une bonne réponse.',
    en: 'A single-choice question has exactly one right answer.',
    de: 'Eine Einfachauswahlfrage hat genau eine richtige Antwort.',
  },
  'exams.validation.multipleKey': {
    fr: 'Une question à choix multiples a au moins une bonne réponse.',
    en: 'A multiple-choice question has at least one right answer.',
    de: 'Eine Mehrfachauswahlfrage hat mindestens eine richtige Antwort.',
  },
  'exams.validation.shortKey': {
    fr: 'Une question à réponse courte a au moins une réponse acceptée.',
    en: 'A short-answer question has at least one accepted answer.',
    de: 'Eine Kurzantwortfrage hat mindestens eine akzeptierte Antwort.',
  },
  'exams.validation.weights': {
    fr: 'Chaque pondération va de -100 % à 100 %, une par choix ou par réponse acceptée.',
    en: 'Each weight is from -100% to 100%, one per choice or accepted answer.',
    de: 'Jede Gewichtung liegt zwischen -100 % und 100 %, eine je Auswahl oder akzeptierter Antwort.',
  },
  'exams.validation.fullCredit': {
    fr: 'Un choix ou une réponse acceptée doit valoir tous les points (100 %).',
    en: 'One choice or accepted answer must earn full marks (100%).',
    de: 'Eine Auswahl oder akzeptierte Antwort muss die volle Punktzahl (100 %) bringen.',
  },
  'exams.validation.weightsSum': {
    fr: 'Les pondérations positives d’une question à choix multiples totalisent 100 %.',
    en: 'The positive weights of a multiple-choice question add up to 100%.',
    de: 'Die positiven Gewichtungen einer Mehrfachauswahlfrage ergeben zusammen 100 %.',
  },
  'exams.validation.numericalKey': {
    fr: 'Une question numérique a au moins un nombre accepté.',
    en: 'A numerical question has at least one accepted number.',
    de: 'Eine numerische Frage hat mindestens eine akzeptierte Zahl.',
  },
  'exams.validation.matchingItems': {
    fr: 'Une question d’appariement a au moins deux éléments à associer.',
    en: 'A matching question has at least two items to match.',
    de: 'Eine Zuordnungsfrage hat mindestens zwei zuzuordnende Elemente.',
  },
  'exams.validation.matchingOptions': {
    fr: 'Une question d’appariement propose au moins deux réponses, toutes différentes.',
    en: 'A matching question offers at least two answers, all different.',
    de: 'Eine Zuordnungsfrage bietet mindestens zwei verschiedene Antworten an.',
  },
  'exams.validation.matchingKey': {
    fr: 'Chaque élément est associé à l’une des réponses proposées.',
    en: 'Each item is matched with one of the answers offered.',
    de: 'Jedes Element ist einer der angebotenen Antworten zugeordnet.',
  },
  'exams.validation.feedback': {
    fr: 'Un commentaire par choix ou réponse acceptée, ou aucun.',
    en: 'One feedback per choice or accepted answer, or none.',
    de: 'Ein Feedback pro Auswahl oder akzeptierter Antwort, oder keines.',
  },
  'exams.validation.number': {
    fr: 'Un nombre accepté a une valeur et une tolérance positive ou nulle.',
    en: 'An accepted number has a value and a tolerance of zero or more.',
    de: 'Eine akzeptierte Zahl hat einen Wert und eine Toleranz von null oder mehr.',
  },
  'exams.validation.examOnly': {
    fr: 'Seul un examen peut porter un quiz.',
    en: 'Only an exam can carry a quiz.',
    de: 'Nur eine Prüfung kann ein Quiz enthalten.',
  },
  'exams.validation.unknownQuestion': {
    fr: 'Cette question n’appartient pas à l’examen.',
    en: 'This question is not part of the exam.',
    de: 'Diese Frage gehört nicht zur Prüfung.',
  },
  'exams.validation.answerKind': {
    fr: 'Cette réponse ne correspond pas au type de la question.',
    en: 'This answer does not fit the kind of question.',
    de: 'Diese Antwort passt nicht zur Art der Frage.',
  },
  'exams.gift.syntax': {
    fr: 'Cette question n’est pas du GIFT valide : vérifiez ses accolades et les signes = ~ # de ses réponses.',
    en: 'This question is not valid GIFT: check its braces and the = ~ # marks of its answers.',
    de: 'Diese Frage ist kein gültiges GIFT: Prüfen Sie die geschweiften Klammern und die Zeichen = ~ # der Antworten.',
  },
  'exams.import.refused': {
    fr: 'Questions refusées : {count}. Corrigez-les, ou importez seulement les questions valides.',
    en: 'Questions refused: {count}. Fix them, or import the valid questions only.',
    de: 'Abgelehnte Fragen: {count}. Korrigieren Sie sie oder importieren Sie nur die gültigen Fragen.',
  },
  'exams.import.unsupported': {
    fr: 'Ce type de question Moodle n’existe pas dans Skolar (questions calculées, cloze, glisser-déposer…).',
    en: 'This Moodle question type does not exist in Skolar (calculated, cloze, drag and drop…).',
    de: 'Diesen Moodle-Fragetyp gibt es in Skolar nicht (berechnete Fragen, Lückentext, Drag-and-drop …).',
  },
  'exams.import.xml': {
    fr: 'Ce fichier n’est pas un export XML Moodle lisible : vérifiez qu’il commence par <quiz> et que ses balises sont fermées.',
    en: 'This file is not a readable Moodle XML export: check that it starts with <quiz> and that its tags are closed.',
    de: 'Diese Datei ist kein lesbarer Moodle-XML-Export: Prüfen Sie, dass sie mit <quiz> beginnt und alle Tags geschlossen sind.',
  },
  'exams.gift.empty': {
    fr: 'Le texte ne contient aucune question.',
    en: 'The text holds no question.',
    de: 'Der Text enthält keine Frage.',
  },
  'exams.gift.true': {
    fr: 'Vrai',
    en: 'True',
    de: 'Wahr',
  },
  'exams.gift.false': {
    fr: 'Faux',
    en: 'False',
    de: 'Falsch',
  },
  'gradebook.csv.last_name': { fr: 'Nom', en: 'Last name', de: 'Nachname' },
  'gradebook.csv.first_name': { fr: 'Prénom', en: 'First name', de: 'Vorname' },
  'gradebook.csv.email': { fr: 'E-mail', en: 'Email', de: 'E-Mail' },
  'gradebook.csv.subject_average': {
    fr: 'Moyenne {subject} (/20)',
    en: 'Average {subject} (/20)',
    de: 'Durchschnitt {subject} (/20)',
  },
  'gradebook.csv.overall_average': {
    fr: 'Moyenne générale (/20)',
    en: 'Overall average (/20)',
    de: 'Gesamtdurchschnitt (/20)',
  },
  'gradebook.csv.file_name': {
    fr: 'carnet-de-notes-{name}.csv',
    en: 'gradebook-{name}.csv',
    de: 'notenbuch-{name}.csv',
  },
  'gradebook.import.no_email': {
    fr: 'Le fichier n’a pas de colonne e-mail : les étudiants ne peuvent pas être reconnus.',
    en: 'The file has no email column: the students cannot be recognised.',
    de: 'Die Datei hat keine E-Mail-Spalte: Die Studierenden können nicht erkannt werden.',
  },
  'gradebook.import.unknown_student': {
    fr: 'Aucun étudiant de cette promotion n’a cette adresse : un import n’ajoute personne.',
    en: 'No student of this promotion has this address: an import adds nobody.',
    de: 'Kein:e Studierende:r dieses Jahrgangs hat diese Adresse: Ein Import fügt niemanden hinzu.',
  },
  'gradebook.import.unknown_evaluation': {
    fr: 'Cette colonne ne correspond à aucune évaluation de la promotion que vous pouvez noter : un import ne crée pas d’évaluation.',
    en: 'This column matches no evaluation of the promotion that you may grade: an import creates no evaluation.',
    de: 'Diese Spalte entspricht keiner Prüfung des Jahrgangs, die Sie bewerten dürfen: Ein Import legt keine Prüfung an.',
  },
  'gradebook.import.bad_grade': {
    fr: 'Saisissez une note (par exemple 12,5), « abs » pour une absence, ou laissez vide.',
    en: 'Enter a grade (for example 12.5), “abs” for an absence, or leave it empty.',
    de: 'Geben Sie eine Note ein (zum Beispiel 12,5), „abs“ für eine Abwesenheit, oder lassen Sie das Feld leer.',
  },
  'gradebook.import.duplicate_student': {
    fr: 'Cet étudiant apparaît déjà plus haut dans le fichier.',
    en: 'This student already appears higher up in the file.',
    de: 'Diese:r Studierende erscheint bereits weiter oben in der Datei.',
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
