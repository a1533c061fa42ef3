/** The four sales regions the dashboard reports by, in display order. Small on purpose: no map data here. */
export const REGIONS = ['north', 'east', 'west', 'south'] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_LABELS: Readonly<Record<Region, string>> = { north: 'North', east: 'East', west: 'West', south: 'South' };
