import express, { type RequestHandler, type Response } from 'express';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../mock-server/app';
import { PACT_STATES_PATH } from '../../../mock-server/pact-states';
import { PACT_FILE, PACT_TODAY } from '../pact';

/**
 * The contract has teeth: a provider that breaks it on purpose fails `npm run pact:verify:provider`, and the
 * output says where. The mock runs behind a small middleware that sabotages one kind of answer per case; the
 * command verifies it against just the interactions of that case (a control run without sabotage passes).
 */
const DEV_KEY = 'pact-sabotage';
const startedAt = Date.now();
const mock = createMockServer({
  clock: () => new Date(PACT_TODAY + (Date.now() - startedAt)),
  log: () => {},
  devKey: DEV_KEY,
  pactStates: true,
});
let sabotage: RequestHandler | null = null;
const front = express();
front.use((req, res, next) => (sabotage ? sabotage(req, res, next) : next()));
front.use(mock.app);
let server: Server;
let url = '';
const dir = mkdtempSync(join(tmpdir(), 'pact-sabotage-'));

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const listening = front.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(dir, { recursive: true, force: true });
});

interface Pact {
  interactions: { description: string }[];
}
const pact = JSON.parse(readFileSync(PACT_FILE, 'utf8')) as Pact;

/** Runs the backend teams' command against the sabotaged mock, on the interactions named; its exit code and output. */
function verify(descriptions: string[]): Promise<{ code: number | null; output: string }> {
  const interactions = pact.interactions.filter((i) => descriptions.includes(i.description));
  expect(interactions.map((i) => i.description).sort()).toEqual([...descriptions].sort());
  const file = join(dir, `${descriptions[0]!.replace(/\W+/g, '-').slice(0, 40)}.json`);
  writeFileSync(file, JSON.stringify({ ...pact, interactions }));
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/contract/verify-provider.ts', '--provider-base-url', url, '--pact', file],
      {
        env: { ...process.env, PACT_STATES_SETUP_URL: `${url}${PACT_STATES_PATH}?key=${DEV_KEY}`, NO_COLOR: '1' },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // eslint-disable-next-line no-control-regex -- the verifier colours its report even without a terminal
    child.on('close', (code) => resolve({ code, output: output.replace(/\u001b\[[0-9;]*m/g, '') }));
  });
}

/** Rewrites the JSON answers of `path` with `change`. */
const jsonAnswers =
  (path: string, change: (body: unknown) => unknown): RequestHandler =>
  (req, res, next) => {
    if (req.path === path) {
      const json = res.json.bind(res);
      res.json = ((body: unknown) => json(change(body))) as Response['json'];
    }
    next();
  };

const renameKey = (value: unknown, from: string, to: string): unknown => {
  if (Array.isArray(value)) return value.map((v) => renameKey(v, from, to));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, renameKey(v, from, to)]));
};

const CUSTOMERS_OF_A_REGION = 'a request for the customers of one region (admin)';
const UPLOAD_WITH_A_REVOKED_TOKEN = 'an invoice CSV upload with a token that is not valid';
const DUE_TODAY_CSV = 'a CSV report of the invoices due today with two columns';
const CSV_AS_JSON = 'a CSV report of the payments of the last 60 days, answered as JSON';

describe('a provider that breaks the contract fails the verification, and the output says where', () => {
  it('control: the same interactions pass against the mock as it is', async () => {
    sabotage = null;
    const { code, output } = await verify([CUSTOMERS_OF_A_REGION, UPLOAD_WITH_A_REVOKED_TOKEN, DUE_TODAY_CSV]);
    expect(code, output).toBe(0);
  });

  it('a renamed field', async () => {
    sabotage = jsonAnswers('/distributor_companies', (body) => renameKey(body, 'customer_code', 'code'));
    const { code, output } = await verify([CUSTOMERS_OF_A_REGION]);
    expect(code).not.toBe(0);
    expect(output).toMatch(/\$\.data\[0\]\.attributes -> Actual map is missing the following keys: customer_code/);
  });

  it('a filter ignored', async () => {
    sabotage = (req, _res, next) => {
      if (req.path === '/distributor_companies') {
        req.url = req.url.replace(/filter(%5B|\[)region(%5D|\])=[^&]*&?/i, '');
        (req as { query?: unknown }).query = undefined; // parsed again from the URL without the filter
      }
      next();
    };
    const { code, output } = await verify([CUSTOMERS_OF_A_REGION]);
    expect(code).not.toBe(0);
    expect(output).toMatch(/\$\.data\[\d+\]\.attributes\.region -> Expected '(east|west|south)' to match '\^north\$'/);
  });

  it('an error code changed (the app would refresh a revoked session instead of logging out)', async () => {
    sabotage = jsonAnswers(
      '/invoices/upload',
      (body) => JSON.parse(JSON.stringify(body).replaceAll('ER-AUTH-102', 'ER-AUTH-103')) as unknown,
    );
    const { code, output } = await verify([UPLOAD_WITH_A_REVOKED_TOKEN]);
    expect(code).not.toBe(0);
    expect(output).toContain("$.errors[0].code -> Expected 'ER-AUTH-103' to match '^ER-AUTH-102$'");
  });

  it('a CSV body without its header row', async () => {
    sabotage = (req, res, next) => {
      if (req.path === '/invoices') {
        // The CSV is streamed: its first line goes out in the first write (or in end, for a short one).
        let first = true;
        const cut = (chunk: unknown) => {
          if (!first || typeof chunk !== 'string' || chunk === '') return chunk;
          first = false;
          return chunk.slice(chunk.indexOf('\r\n') + 2);
        };
        const write = res.write.bind(res) as (chunk: unknown) => boolean;
        const end = res.end.bind(res) as (chunk?: unknown) => Response;
        res.write = ((chunk: unknown) => write(cut(chunk))) as Response['write'];
        res.end = ((chunk?: unknown) => end(cut(chunk))) as Response['end'];
      }
      next();
    };
    const { code, output } = await verify([DUE_TODAY_CSV]);
    expect(code).not.toBe(0);
    // The body starts with a data line, and the rule it fails names the header row it needs.
    expect(output).toMatch(/\$ -> Expected '(?!Customer Name)[^']*' to match '\^Customer Name,Invoice Number/);
  });

  it('a provider that answers CSV downloads only as text/csv: the JSON-form interaction is pending, reported and not failed', async () => {
    // The spec allows either form; the pact pins the JSON one in a pending interaction (tests/contract/consumer/invoices.pact.test.ts).
    sabotage = (req, res, next) => {
      if (req.path === '/payments') {
        res.json = ((body: { download_csv?: boolean; result?: string; filename?: string }) => {
          if (body.download_csv !== true) return res.status(500).end();
          res.setHeader('Content-Type', 'text/csv; charset=utf-8');
          res.setHeader('Content-Disposition', `attachment; filename="${body.filename}"`);
          return res.end(body.result);
        }) as Response['json'];
      }
      next();
    };
    const { code, output } = await verify([CSV_AS_JSON]);
    expect(code, output).toBe(0);
    expect(output).toMatch(
      /Pending Failures:[\s\S]*a CSV report of the payments of the last 60 days, answered as JSON/,
    );
    expect(output).toMatch(/1 non-fatal pact failures on pending pacts or interactions/);
  });
});
