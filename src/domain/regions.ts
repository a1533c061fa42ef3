/** The four sales regions the anchor reports by, in display order (spec 1 §4, §7). */
export const REGIONS = ['north', 'east', 'west', 'south'] as const;
export type Region = (typeof REGIONS)[number];

/** A region filter: one region, or every region. */
export type RegionFilter = Region | 'all';

export const REGION_LABELS: Readonly<Record<Region, string>> = {
  north: 'North',
  east: 'East',
  west: 'West',
  south: 'South',
};

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}
