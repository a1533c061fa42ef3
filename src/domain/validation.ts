/** Field checks shared by the account forms. Each returns the message to show under the field, or undefined. */

/**
 * Characters nobody sees, so text a person typed may not hold them: controls (C0, DEL, C1), format characters
 * (bidi embeddings, overrides, isolates and marks, zero-width space, word joiner, byte-order mark, soft hyphen,
 * tags) and line and paragraph separators. The direction ones also reorder what follows them: a first name of
 * U+202E and 'evil' shows as 'live'. The zero-width non-joiner and joiner (U+200C, U+200D) are allowed after a
 * letter, a mark or an emoji: Persian and Indic spellings and emoji sequences need them there, and they change
 * how characters join, not their order. Anywhere else (alone, first, doubled) they only hide.
 */
const HIDDEN =
  /(?<![\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}])[\u200C\u200D]|(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The first invisible or direction-changing character of `value`, written 'U+202E'; undefined when it has none. */
export function hiddenCharacter(value: string): string | undefined {
  const found = HIDDEN.exec(value)?.[0];
  return found === undefined ? undefined : `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

const HIDDEN_EVERYWHERE = new RegExp(HIDDEN.source, 'gu');

/** `value` with each character `hiddenCharacter` would name replaced by `by`: for text shown that nobody checked. */
export function replaceHidden(value: string, by: string): string {
  return value.replace(HIDDEN_EVERYWHERE, by);
}

/** The rule for names and other typed text, at the forms and at the provider: `label` names the field. */
export function hiddenCharacterProblem(value: string, label: string): string | undefined {
  const found = hiddenCharacter(value);
  return found === undefined ? undefined : `${label} contains an invisible or direction-changing character (${found})`;
}

/** No spaces, controls or format characters (a bidi override would make an address look like another). */
const EMAIL = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;

/** The one e-mail rule, used by the forms and by the mock provider. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 255 && EMAIL.test(value);
}

export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Email ID is required';
  if (!isEmailAddress(email)) return 'Enter a valid Email ID';
  return undefined;
}

export function requiredProblem(value: string, label: string): string | undefined {
  return value === '' ? `${label} is required` : undefined;
}

/** Drops the fields without a problem; an empty object means the form is valid. */
export function problems<K extends string>(checks: Record<K, string | undefined>): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) if (checks[key] !== undefined) found[key] = checks[key];
  return found;
}

export const PASSWORD_MISMATCH = "Password and Confirm Password didn't match";
const PASSWORD_MIN_LENGTH = 8;

/**
 * A new password and its confirmation (reset and change): both required, at least 8 characters (the
 * provider's rule, checked here too so the user hears it before sending), and equal.
 */
export function passwordPairProblems(
  password: string,
  confirmation: string,
  labels: { password: string; confirmation: string },
): { password?: string; password_confirmation?: string } {
  const found: { password?: string; password_confirmation?: string } = {};
  if (password === '') found.password = `${labels.password} is required`;
  else if (password.length < PASSWORD_MIN_LENGTH)
    found.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (confirmation === '') found.password_confirmation = `${labels.confirmation} is required`;
  else if (password !== '' && password !== confirmation) found.password_confirmation = PASSWORD_MISMATCH;
  return found;
}
