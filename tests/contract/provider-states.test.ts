import { describe, expect, it } from 'vitest';
import type { MockContext } from '../../mock-server/context';
import type { ReadonlyDb } from '../../mock-server/db';
import { pactStates } from '../../mock-server/pact-states';
import { PROVIDER_STATES } from './provider-states';
import {
  PROVIDER_STATES_DOC,
  REGENERATE,
  injectionsOf,
  interactionsByState,
  readCommittedDoc,
  readPact,
  renderProviderStatesDoc,
} from './write-provider-states';

/**
 * The provider-state registry (tests/contract/provider-states.ts) against the committed pact, the mock's
 * implementation (mock-server/pact-states/) and the generated document (pacts/PROVIDER-STATES.md): every
 * state of the pact is documented and implemented, with the parameters the interactions pass, and answers
 * every value its interactions inject.
 */

const pact = readPact();
const registry = new Map(PROVIDER_STATES.map((s) => [s.name, s]));
const uses = interactionsByState(pact);
const sortedKeys = (record: Record<string, unknown> | undefined) => Object.keys(record ?? {}).sort();
/** Fails with every non-empty list under its heading. */
function expectNone(lists: Record<string, readonly string[]>): void {
  const report = Object.entries(lists)
    .filter(([, items]) => items.length > 0)
    .map(([heading, items]) => `${heading}:\n  - ${items.join('\n  - ')}`)
    .join('\n');
  expect(report === '', `\n${report}\n`).toBe(true);
}

describe('the provider-state registry', () => {
  it('names every state of the pact once, and no state the pact does not use', () => {
    const names = PROVIDER_STATES.map((s) => s.name);
    const duplicates = names.filter((name, i) => names.indexOf(name) !== i);
    const undocumented = [...uses.keys()].filter((name) => !registry.has(name));
    const unused = names.filter((name) => !uses.has(name));
    expectNone({
      'states listed twice in tests/contract/provider-states.ts': duplicates,
      'states of the pact with no entry in tests/contract/provider-states.ts': undocumented,
      'registry entries no interaction of the pact names (remove them)': unused,
    });
  });

  it('documents exactly the parameters every interaction gives a state', () => {
    const wrong: string[] = [];
    for (const [name, used] of uses) {
      const entry = registry.get(name);
      if (!entry) continue;
      const documented = sortedKeys(entry.params);
      for (const { interaction, params } of used) {
        const given = sortedKeys(params);
        if (given.join() !== documented.join())
          wrong.push(
            `'${interaction.description}' gives '${name}' {${given.join(', ')}}; the registry documents {${documented.join(', ')}}`,
          );
      }
    }
    expectNone({ "parameters that differ from the registry's": wrong });
  });

  it('has every value an interaction injects answered by one of its states, and every answered value injected', () => {
    const unanswered: string[] = [];
    const injectedByState = new Map<string, Set<string>>();
    for (const interaction of pact.interactions) {
      const states = (interaction.providerStates ?? []).map((s) => s.name);
      const answered = new Set(states.flatMap((name) => registry.get(name)?.returns ?? []));
      for (const { key, where } of injectionsOf(interaction)) {
        if (!answered.has(key))
          unanswered.push(
            `'${interaction.description}' injects \${${key}} (${where}); none of its states returns it: ${states.map((s) => `'${s}'`).join(', ') || 'no states'}`,
          );
        for (const name of states) {
          const keys = injectedByState.get(name) ?? new Set<string>();
          keys.add(key);
          injectedByState.set(name, keys);
        }
      }
    }
    const unusedReturns = PROVIDER_STATES.flatMap((s) =>
      s.returns
        .filter((key) => !injectedByState.get(s.name)?.has(key))
        .map((key) => `'${s.name}' returns ${key}, which none of its interactions injects`),
    );
    expectNone({
      "injected values no state returns (add them to the state's returns)": unanswered,
      'returned values nothing injects (drop them from returns)': unusedReturns,
    });
  });

  it('matches the states the mock implements (mock-server/pact-states/)', () => {
    // Building the states reads only the database (the pay states keep a copy of it as seeded), so an empty one will do.
    const implemented = pactStates({
      ctx: { db: () => ({}) as ReadonlyDb, now: () => 0 } as MockContext,
      url: () => '',
    }).names();
    const missing = PROVIDER_STATES.map((s) => s.name).filter((name) => !implemented.includes(name));
    const unlisted = implemented.filter((name) => !registry.has(name));
    expectNone({
      'registry states the mock does not implement': missing,
      'states the mock implements that the registry does not document': unlisted,
    });
  });

  it(`is what ${PROVIDER_STATES_DOC} says`, () => {
    let committed = '';
    try {
      committed = readCommittedDoc();
    } catch {
      // missing: the comparison below says how to write it
    }
    expect(
      committed,
      `${PROVIDER_STATES_DOC} is out of date with the registry or the pact: run \`${REGENERATE}\` and commit it`,
    ).toBe(renderProviderStatesDoc(pact));
  });
});
