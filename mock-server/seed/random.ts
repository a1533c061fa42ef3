import { Faker, base, en, en_IN } from '@faker-js/faker';
import { addDays } from 'date-fns';
import { isoDay } from '../../src/domain/dates';

/** A seeded faker (en_IN first) plus the few draws the generators need. Same seed, same sequence. */
export function createRandom(seed: number) {
  const faker = new Faker({ locale: [en_IN, en, base] });
  faker.seed(seed);

  const int = (min: number, max: number) => faker.number.int({ min, max });
  const chance = (probability: number) => faker.number.float({ min: 0, max: 1 }) < probability;
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)]!;
  };
  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = faker.number.float({ min: 0, max: total });
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll <= 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const digits = (length: number) => faker.string.numeric({ length, allowLeadingZeros: true });
  const upper = (length: number) => faker.string.alpha({ length, casing: 'upper' });
  /** An Indian mobile number: 10 digits starting 6-9. */
  const mobile = () => `${int(6, 9)}${digits(9)}`;
  /** Rupees in a range, returned as integer paise, rounded to `step` rupees. */
  const rupees = (min: number, max: number, step = 1) => Math.round(int(min / step, max / step) * step) * 100;

  return { faker, int, chance, pick, weighted, digits, upper, mobile, rupees };
}

export type Random = ReturnType<typeof createRandom>;

export const dayOffset = (today: Date, days: number) => isoDay(addDays(today, days));

/** A small deterministic source of numbers in [0, 1) (a linear congruential generator), for the index tests' random edits. */
export function uniformSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
