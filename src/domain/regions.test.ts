import { describe, expect, it } from 'vitest';
import { isRegion, REGION_LABELS, REGIONS } from './regions';

describe('regions', () => {
  it('are the four sales regions in display order, each with its label', () => {
    expect(REGIONS).toEqual(['north', 'east', 'west', 'south']);
    expect(REGIONS.map((r) => REGION_LABELS[r])).toEqual(['North', 'East', 'West', 'South']);
  });

  it('recognises a region and nothing else', () => {
    expect(REGIONS.every(isRegion)).toBe(true);
    for (const other of ['all', 'North', '', null, undefined, 1]) expect(isRegion(other)).toBe(false);
  });
});
