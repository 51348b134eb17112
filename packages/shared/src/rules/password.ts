/** The spec's rule: a new password has at least 8 characters… */
export const PASSWORD_MIN_LENGTH = 8;
/** …and at most 128 (argon2 takes longer inputs, but nobody types them; they only cost CPU). */
export const PASSWORD_MAX_LENGTH = 128;

/** The spec's rule message, as a catalogue key of the web and the API. */
export const PASSWORD_RULE_KEY = 'account.rules.password';
export const PASSWORD_TOO_LONG_KEY = 'account.rules.passwordTooLong';
export const PASSWORD_MISMATCH_KEY = 'account.rules.passwordMismatch';
export const PASSWORD_COMMON_KEY = 'account.rules.passwordCommon';

/**
 * True when the password follows the spec's rule: at least 8 characters with at least one
 * lowercase letter, one uppercase letter, one digit and one special character (anything that is
 * neither a letter nor a digit, accented letters counting as letters).
 */
export function meetsPasswordRule(password: string): boolean {
  return (
    [...password].length >= PASSWORD_MIN_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}]/u.test(password)
  );
}

/** The rule's parts one by one, for a checklist under the field. */
export function passwordChecks(password: string) {
  return {
    length: [...password].length >= PASSWORD_MIN_LENGTH,
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{Nd}]/u.test(password),
  };
}
