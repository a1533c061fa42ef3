/** Field checks shared by the account forms. Each returns the message to show under the field, or undefined. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Email ID is required';
  if (!EMAIL.test(email) || email.length > 255) return 'Enter a valid Email ID';
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
