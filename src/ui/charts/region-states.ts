/**
 * Which region each of India's states and union territories belongs to, by the location ids of `@svg-maps/india`
 * (lower-case state/UT codes). The region map's generator (scripts/build-region-map.ts) merges the outlines by
 * this table; the app draws only the generated outlines.
 */
import { REGIONS, type Region } from '../../domain/regions';

/** The ids of `@svg-maps/india` locations in each region. */
export const REGION_STATES: Readonly<Record<Region, readonly string[]>> = {
  north: ['jk', 'hp', 'pb', 'ch', 'hr', 'dl', 'ut', 'up', 'rj'],
  east: ['br', 'jh', 'or', 'wb', 'sk', 'as', 'ar', 'nl', 'mn', 'mz', 'tr', 'ml', 'an'],
  west: ['gj', 'mh', 'ga', 'dn', 'dd', 'mp', 'ct'],
  south: ['ka', 'kl', 'tn', 'ap', 'tg', 'py', 'ld'],
};

const REGION_OF_STATE: ReadonlyMap<string, Region> = new Map(
  REGIONS.flatMap((region) => REGION_STATES[region].map((id) => [id, region] as const)),
);

/** The region of a location id ('mh' -> 'west'), or undefined for an unknown id. */
export function regionOfState(id: string): Region | undefined {
  return REGION_OF_STATE.get(id);
}
