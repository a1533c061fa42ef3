import india from '@svg-maps/india';
import { describe, expect, it } from 'vitest';
import { indiaRegionSvg, REGION_STATES, regionOfState } from './india-regions';
import { REGIONS } from '../../domain/regions';

/** The named groups of the svg, each with the ids of the paths it holds. */
function namedGroups(svg: string): { name: string; pathIds: string[] }[] {
  return [...svg.matchAll(/<g\b([^>]*)>([\s\S]*?)<\/g>/g)]
    .map(([, attrs = '', body = '']) => ({ name: /\bname="([^"]*)"/.exec(attrs)?.[1], body }))
    .filter((g): g is { name: string; body: string } => g.name !== undefined)
    .map(({ name, body }) => ({ name, pathIds: [...body.matchAll(/<path\b[^>]*\bid="([^"]*)"/g)].map((m) => m[1] ?? '') }));
}

describe('india regions', () => {
  it('puts every one of the 36 locations in exactly one region', () => {
    const ids = india.locations.map((l) => l.id);
    expect(ids).toHaveLength(36);
    for (const id of ids) {
      const holders = REGIONS.filter((region) => REGION_STATES[region].includes(id));
      expect(holders, id).toHaveLength(1);
      expect(regionOfState(id)).toBe(holders[0]);
    }
    const listed = REGIONS.flatMap((region) => REGION_STATES[region]);
    expect(listed).toHaveLength(36);
    expect(new Set(listed)).toEqual(new Set(ids));
  });

  it('builds one svg with exactly four named groups, north, east, west and south', () => {
    const svg = indiaRegionSvg();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 612 696">')).toBe(true);
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg.match(/\bname="/g)).toHaveLength(4);
    expect(namedGroups(svg).map((g) => g.name)).toEqual(['north', 'east', 'west', 'south']);
  });

  it('holds in each group as many paths as its table entry, and exactly those states', () => {
    const groups = namedGroups(indiaRegionSvg());
    for (const region of REGIONS) {
      const group = groups.find((g) => g.name === region);
      expect(group?.pathIds).toHaveLength(REGION_STATES[region].length);
      expect(new Set(group?.pathIds)).toEqual(new Set(REGION_STATES[region]));
    }
    expect(indiaRegionSvg().match(/<path\b/g)).toHaveLength(36);
  });

  it('keeps the outlines of the source map', () => {
    const svg = indiaRegionSvg();
    for (const location of india.locations) expect(svg).toContain(`d="${location.path}"`);
  });
});
