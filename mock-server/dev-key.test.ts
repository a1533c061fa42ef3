import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type RunningMock } from './app';
import { newDevKey } from './dev-key';
import { isDevPath } from '../src/domain/dev-paths';

describe('the dev key', () => {
  let mock: MockServer;
  let running: RunningMock;
  beforeAll(async () => {
    mock = createMockServer({ log: () => {}, devKey: 'k3y-for-tests' });
    running = await mock.listen(0);
    await fetch(`${running.url}/users/forgot_password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/vnd.provider.v1+json' },
      body: JSON.stringify({ user: { email: 't1@anchor.test' } }),
    });
  });
  afterAll(() => running.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${running.url}${path}`, { headers });

  it('keeps the outbox shut without the key, or with a wrong one', async () => {
    for (const answer of [
      await get('/__dev/outbox'),
      await get('/__dev/outbox', { 'X-Dev-Key': 'guess' }),
      await get('/__dev/outbox?key=k3y-for-test'),
    ]) {
      expect(answer.status).toBe(403);
      const body = (await answer.json()) as { errors: { code: string; detail: string }[] };
      expect(body.errors[0]).toMatchObject({ code: 'ER-DEV-KEY' });
      expect(JSON.stringify(body)).not.toContain('reset-password'); // nothing of the mail leaks into the refusal
    }
  });

  it('opens the outbox with the key in the header or the query', async () => {
    for (const answer of [
      await get('/__dev/outbox?to=t1@anchor.test', { 'X-Dev-Key': 'k3y-for-tests' }),
      await get('/__dev/outbox?to=t1@anchor.test&key=k3y-for-tests'),
    ]) {
      expect(answer.status).toBe(200);
      const { data } = (await answer.json()) as { data: { link: string }[] };
      expect(data[0]!.link).toContain('/reset-password?token=');
    }
  });

  it('guards every development page, not the health check', async () => {
    for (const path of ['/__dev/reminders/run', '/__Dev/reminders/run']) {
      const run = await fetch(`${running.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(run.status, path).toBe(403);
    }
    // Express routes ignore case: so does the key check.
    for (const path of ['/__DEV/outbox', '/__Dev/Outbox', '//__dev/outbox'])
      expect((await get(path)).status, path).not.toBe(200);
    expect((await get('/health')).status).toBe(200);
  });

  it('is new at every start unless given', () => {
    expect(mock.devKey).toBe('k3y-for-tests');
    const [a, b] = [newDevKey(), newDevKey()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{24}$/); // 144 random bits, URL-safe
  });
});

describe('isDevPath (what the app proxy refuses to forward)', () => {
  it.each([
    '/__dev/outbox',
    '/api/__dev/outbox?to=a',
    '//__dev/faults',
    '/%5F%5Fdev/outbox',
    '/%5f%5fDEV/outbox',
    '/x/../__dev/outbox',
    '/__dev',
    '\\__dev\\outbox',
  ])('%s is a dev path', (url) => {
    expect(isDevPath(url)).toBe(true);
  });
  it.each(['/invoices', '/api/invoices?q=__dev', '/developers', '/__devices/1', '/api/%E0%A4%A'])(
    '%s is not',
    (url) => {
      expect(isDevPath(url)).toBe(false);
    },
  );
});
