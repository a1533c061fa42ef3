/** Field checks shared by the account forms. Each returns the message to show under the field, or undefined. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
export const PASSWORD_MIN_LENGTH = 8;

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
  else if (password.length < PASSWORD_MIN_LENGTH) found.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (confirmation === '') found.password_confirmation = `${labels.confirmation} is required`;
  else if (password !== '' && password !== confirmation) found.password_confirmation = PASSWORD_MISMATCH;
  return found;
}
