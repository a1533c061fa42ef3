import { describe, expect, it } from 'vitest';
import { createMockServer } from './app';

/** Timing: in its own project (`npm run test:heavy`), run alone, so other work on the machine does not skew it. */
describe('login timing', () => {
  it('takes as long for an unknown e-mail as for a known one with a wrong password', async () => {
    const running = await createMockServer({
      log: () => {},
      rateLimits: { loginPerAccount: 1000, loginPerAddress: 1000 },
    }).listen(0);
    try {
      const timed = async (email: string) => {
        const started = performance.now();
        await fetch(`${running.url}/sessions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ user: { email, password: 'Wrong@1000' } }),
        });
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) await timed('t1@anchor.test'); // warm up
      for (let i = 0; i < 100; i++) {
        known.push(await timed('t1@anchor.test'));
        unknown.push(await timed(`nobody${i}@anchor.test`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Both run one scrypt check; without the stand-in hash the unknown e-mail answered in under half the time.
      const ratio = median(unknown) / median(known);
      expect(ratio).toBeGreaterThan(0.75);
      expect(ratio).toBeLessThan(1.33);
    } finally {
      await running.close();
    }
  });
});
