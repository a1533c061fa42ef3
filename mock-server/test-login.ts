import { DEMO_PASSWORD } from './seed';

/** Logs a demo user in at a running mock and returns the auth token (tests and benchmarks). */
export async function demoAuthToken(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: { email, password: DEMO_PASSWORD } }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: HTTP ${response.status}`);
  return ((await response.json()) as { data: { attributes: { auth_token: string } } }).data.attributes.auth_token;
}
