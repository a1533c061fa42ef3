import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRecording } from '../../machines/recording';
import { MACHINES } from '../../machines/registry';
import { formatReplay, replayRecording } from '../../machines/replay';

/**
 * Every flow recording in this folder is a regression test: it must replay on today's machines to the states
 * and contexts it recorded. A QA who finds a bug records it (docs/qa.md, "Recording and replaying a flow"), drops
 * the file here, and the suite keeps that path working. A machine change that invalidates a recording fails
 * here with the machine named: record the flow again (the main flows: `npm run flows:record`).
 */
const dir = 'tests/flows';
/** The main flows QA must be able to replay, as tests/e2e/record-flows.spec.ts names their files. */
const MAIN_FLOWS = [
  'login-with-refresh',
  'profile-password-change',
  'invoice-csv-upload-with-errors',
  'customer-master-wizard',
  'pay-by-credit-with-otp',
  'pay-by-gateway',
  'reminder-scheduling',
  'send-payment-links',
];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('recorded flows', () => {
  it('has recordings of the main flows (tests/e2e/record-flows.spec.ts records them: npm run flows:record)', () => {
    expect(files).toEqual(expect.arrayContaining(MAIN_FLOWS.map((flow) => `${flow}.json`)));
  });

  for (const file of files) {
    it(`${file} replays to the states it recorded`, () => {
      const recording = parseRecording(readFileSync(join(dir, file), 'utf8'));
      if ('error' in recording) throw new Error(`${file}: ${recording.error}`);
      const result = replayRecording(recording, MACHINES);
      expect(result.problems, formatReplay(result)).toEqual([]);
      expect(result.steps.length).toBeGreaterThan(0);
    });
  }
});
