/**
 * India's states and union territories grouped into the four regions, and the region map ECharts draws.
 * This module carries the outline data of `@svg-maps/india` (~70 KiB gzip), so it is loaded with dynamic `import()`
 * by the map only.
 */
import india from '@svg-maps/india';
import { REGIONS, type Region } from '../../domain/regions';

/** The ids of `@svg-maps/india` locations (lower-case state/UT codes) in each region. */
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

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * One SVG document of India with a `<g name="north">` (and east, west, south) holding the paths of that region's
 * states. ECharts treats named elements, named groups included, as the regions of a registered SVG map, so a map
 * series can shade, highlight and label each region as one. Paths carry no `name` of their own (that would make
 * each state a region); a location id missing from {@link REGION_STATES} throws, so a new map version cannot drop
 * a state silently.
 */
export function indiaRegionSvg(): string {
  const groups = new Map<Region, string[]>(REGIONS.map((region) => [region, []]));
  for (const location of india.locations) {
    const region = regionOfState(location.id);
    if (!region) throw new Error(`indiaRegionSvg: location '${location.id}' (${location.name}) has no region`);
    groups.get(region)?.push(`<path id="${attr(location.id)}" d="${attr(location.path)}"/>`);
  }
  const body = REGIONS.map((region) => `<g name="${region}">${(groups.get(region) ?? []).join('')}</g>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${attr(india.viewBox)}">${body}</svg>`;
}
