import { describe, expect, it } from 'vitest';
import {
  REVIEW_HINT,
  comparePacts,
  formatDrift,
  hasDrift,
  interactionName,
  jsonDiff,
  normalisePact,
  serialisePact,
} from './pact-drift';

/** The drift check on small fake pacts: only order is ignored, every other change is named in the report. */

const loggedIn = { name: 'u1 is logged in' };
const interaction = (description: string, path: string, states = [loggedIn], status = 200) => ({
  description,
  pending: false,
  providerStates: states,
  request: { method: 'GET', path, headers: { Accept: ['application/json'] } },
  response: {
    status,
    body: { content: { data: [{ id: '1' }] }, contentType: 'application/json', encoded: false },
    matchingRules: { body: { '$.data': { combine: 'AND', matchers: [{ match: 'type', min: 1 }] } } },
  },
  type: 'Synchronous/HTTP',
});

const customers = interaction('the customers', '/customers');
const invoices = interaction('the invoices', '/invoices', [loggedIn, { name: 'u1 has open invoices' }]);
const missing = interaction('a missing invoice', '/invoices/9', [loggedIn], 404);
const pact = <T>(interactions: T[], pactJs = '16.5.0') => ({
  consumer: { name: 'anchor-portal' },
  interactions,
  metadata: { 'pact-js': { version: pactJs }, pactSpecification: { version: '4.0' } },
  provider: { name: 'lending-provider' },
});
const committed = pact([customers, invoices, missing]);
const copy = <T>(value: T): T => structuredClone(value);
const report = (regenerated: unknown) =>
  formatDrift(comparePacts(committed, regenerated), {
    committedFile: 'pacts/p.json',
    regeneratedFile: '.pact-out/p.json',
  });

describe('normalisePact', () => {
  it('sorts interactions by description, states, method and path, and object keys, and changes nothing else', () => {
    const shuffled = pact([missing, invoices, customers]);
    const normalised = normalisePact(shuffled) as typeof committed;
    expect(normalised.interactions.map((i) => i.description)).toEqual([
      'a missing invoice',
      'the customers',
      'the invoices',
    ]);
    expect(Object.keys(normalised.interactions[0]!.request)).toEqual(['headers', 'method', 'path']);
    expect(normalised.interactions[1]).toEqual(customers);
    expect(serialisePact(shuffled)).toBe(serialisePact(pact([invoices, customers, missing])));
  });

  it('orders interactions with the same description by their states, then by method and path', () => {
    const a = interaction('the list', '/b', [{ name: 'a state' }]);
    const b = interaction('the list', '/a', [{ name: 'b state' }]);
    const c = { ...interaction('the list', '/a', [{ name: 'a state' }]), request: { method: 'GET', path: '/a' } };
    const order = (normalisePact(pact([b, a, c])) as typeof committed).interactions.map(
      (i) => `${i.providerStates[0]!.name} ${i.request.path}`,
    );
    expect(order).toEqual(['a state /a', 'a state /b', 'b state /a']);
  });

  it('writes the file as Pact does: two-space JSON with no final newline', () => {
    const text = serialisePact(committed);
    expect(text.startsWith('{\n  "consumer": {\n    "name": "anchor-portal"\n  },')).toBe(true);
    expect(text.endsWith('}')).toBe(true);
    expect(JSON.parse(text)).toEqual(normalisePact(committed));
  });
});

describe('comparePacts', () => {
  it('finds no drift in the same pact in another order, with its keys in another order', () => {
    const reordered = pact([copy(missing), copy(invoices), copy(customers)]);
    const { provider, metadata, interactions, consumer } = reordered;
    const drift = comparePacts(committed, { provider, metadata, interactions, consumer });
    expect(hasDrift(drift)).toBe(false);
  });

  it('reports a changed matcher with its path, under the interaction', () => {
    const changed = copy(invoices);
    changed.response.matchingRules.body['$.data'].matchers[0] = { match: 'type', min: 0 };
    const drift = comparePacts(committed, pact([customers, changed, missing]));
    expect(drift).toEqual({
      added: [],
      removed: [],
      changed: [
        {
          name: interactionName(invoices),
          differences: ['~ $.response.matchingRules.body["$.data"].matchers[0].min: 1 → 0'],
        },
      ],
      other: [],
    });
    expect(report(pact([customers, changed, missing]))).toContain(
      `~ "the invoices" (given "u1 is logged in", "u1 has open invoices")\n      ~ $.response.matchingRules.body["$.data"].matchers[0].min: 1 → 0`,
    );
  });

  it('reports a removed interaction by description and states', () => {
    const drift = comparePacts(committed, pact([customers, missing]));
    expect(drift.removed).toEqual(['"the invoices" (given "u1 is logged in", "u1 has open invoices")']);
    expect(drift.added).toEqual([]);
    expect(drift.changed).toEqual([]);
    expect(report(pact([customers, missing]))).toContain(
      'Removed interactions:\n  - "the invoices" (given "u1 is logged in", "u1 has open invoices")',
    );
  });

  it('reports an added interaction by description and states', () => {
    const added = interaction('a page past the end', '/customers', [loggedIn], 422);
    const drift = comparePacts(committed, pact([customers, invoices, missing, added]));
    expect(drift.added).toEqual(['"a page past the end" (given "u1 is logged in")']);
    expect(drift.removed).toEqual([]);
    expect(report(pact([customers, invoices, missing, added]))).toContain(
      'Added interactions:\n  + "a page past the end" (given "u1 is logged in")',
    );
  });

  it('reports an interaction whose states changed as changed, with the state that came', () => {
    const restated = interaction('the customers', '/customers', [loggedIn, { name: 'u1 has customers' }]);
    const drift = comparePacts(committed, pact([restated, invoices, missing]));
    expect(drift.added).toEqual([]);
    expect(drift.removed).toEqual([]);
    expect(drift.changed).toEqual([
      { name: interactionName(restated), differences: ['+ $.providerStates[1]: {"name":"u1 has customers"}'] },
    ]);
  });

  it('does not ignore the metadata', () => {
    const drift = comparePacts(committed, pact([customers, invoices, missing], '16.6.0'));
    expect(drift.other).toEqual(['~ $.metadata["pact-js"].version: "16.5.0" → "16.6.0"']);
    expect(hasDrift(drift)).toBe(true);
  });
});

describe('formatDrift', () => {
  it('counts the changes and ends with what to do', () => {
    const text = report(pact([customers]));
    expect(text.split('\n')[0]).toBe(
      'The pact the consumer tests generated (.pact-out/p.json) differs from the committed one (pacts/p.json): interactions 2 removed.',
    );
    expect(text.endsWith(`The contract changed: ${REVIEW_HINT}.`)).toBe(true);
    expect(REVIEW_HINT).toBe('review it, then run `npm run pact:accept` and commit pacts/');
  });

  it('caps the paths listed for one interaction', () => {
    const changed = copy(customers);
    changed.response.body.content.data = Array.from({ length: 10 }, (_, i) => ({ id: String(i) }));
    const text = report(pact([changed, invoices, missing]));
    expect(text).toContain('      … and 4 more');
    expect(text.split('\n').filter((line) => line.startsWith('      + $.response.body.content.data[')).length).toBe(5);
  });
});

describe('jsonDiff', () => {
  it('lists each differing path once, quoting keys that are not identifiers', () => {
    expect(jsonDiff({ a: 1, 'b c': [1, 2], d: { e: 'x' } }, { a: 1, 'b c': [1], d: { e: 'y', f: null } })).toEqual([
      '- $["b c"][1]: 2',
      '~ $.d.e: "x" → "y"',
      '+ $.d.f: null',
    ]);
    expect(jsonDiff({ a: [1] }, { a: [1] })).toEqual([]);
  });
});
