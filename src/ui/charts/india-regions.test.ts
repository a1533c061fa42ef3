import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import india from '@svg-maps/india';
import { describe, expect, it } from 'vitest';
import { INDIA_REGION_OUTLINES, INDIA_REGIONS_VIEWBOX } from './india-regions.generated';
import { REGION_STATES, regionOfState } from './region-states';
import { formatRings, insideRings, parsePathRings, ringArea, ringsBounds, type Point, type Ring } from './svg-path';
import { REGIONS } from '../../domain/regions';

const generatedText = readFileSync(new URL('./india-regions.generated.ts', import.meta.url), 'utf8');
const outlines = Object.fromEntries(REGIONS.map((region) => [region, parsePathRings(INDIA_REGION_OUTLINES[region].d)]));
const states = india.locations.map((l) => ({
  id: l.id,
  name: l.name,
  region: regionOfState(l.id),
  rings: parsePathRings(l.path),
}));
const area = (rings: readonly Ring[]) => Math.abs(rings.reduce((sum, ring) => sum + ringArea(ring), 0));

function distanceToEdges(rings: readonly Ring[], [px, py]: Point): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i]!;
      const [bx, by] = ring[(i + 1) % ring.length]!;
      const dx = bx - ax;
      const dy = by - ay;
      const t =
        dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
      best = Math.min(best, Math.hypot(px - ax - t * dx, py - ay - t * dy));
    }
  }
  return best;
}

/** The point of a 20 × 20 grid over the rings that lies inside them farthest from their edges, and that distance. */
function deepPoint(rings: readonly Ring[]): { point: Point; depth: number } {
  const [minX, minY, maxX, maxY] = ringsBounds(rings);
  let best = { point: [minX, minY] as Point, depth: -1 };
  for (let i = 0; i <= 20; i++) {
    for (let j = 0; j <= 20; j++) {
      const point: Point = [minX + ((maxX - minX) * i) / 20, minY + ((maxY - minY) * j) / 20];
      if (!insideRings(rings, point)) continue;
      const depth = distanceToEdges(rings, point);
      if (depth > best.depth) best = { point, depth };
    }
  }
  return best;
}

describe('the regions of the source map', () => {
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
});

describe('the generated region outlines', () => {
  it('has one outline per region, in the source viewBox, with every point within the source bounds', () => {
    expect(Object.keys(INDIA_REGION_OUTLINES)).toEqual([...REGIONS]);
    expect(INDIA_REGIONS_VIEWBOX).toBe(india.viewBox);
    const [minX, minY, maxX, maxY] = ringsBounds(states.flatMap((s) => s.rings));
    for (const region of REGIONS) {
      const rings = outlines[region]!;
      expect(rings.length, region).toBeGreaterThan(0);
      for (const ring of rings) expect(ring.length, region).toBeGreaterThanOrEqual(3);
      const [x0, y0, x1, y1] = ringsBounds(rings);
      // Rounded to whole units: at most half a unit past the source's own extremes.
      expect(x0, region).toBeGreaterThanOrEqual(Math.floor(minX));
      expect(y0, region).toBeGreaterThanOrEqual(Math.floor(minY));
      expect(x1, region).toBeLessThanOrEqual(Math.ceil(maxX));
      expect(y1, region).toBeLessThanOrEqual(Math.ceil(maxY));
      for (const ring of rings)
        for (const [x, y] of ring) expect(Number.isInteger(x) && Number.isInteger(y), `${region} ${x},${y}`).toBe(true);
    }
  });

  it('covers the area of its states, within 2%', () => {
    for (const region of REGIONS) {
      const source = states.filter((s) => s.region === region).reduce((sum, s) => sum + area(s.rings), 0);
      expect(area(outlines[region]!) / source, region).toBeGreaterThan(0.98);
      expect(area(outlines[region]!) / source, region).toBeLessThan(1.02);
    }
  });

  it('keeps each state inside its own region and no other (every state more than 3 units across)', () => {
    let checked = 0;
    for (const state of states) {
      const { point, depth } = deepPoint(state.rings);
      if (depth < 3) continue; // Chandigarh, Delhi, Goa, the islands, ...: smaller than the simplification
      checked++;
      for (const region of REGIONS)
        expect(insideRings(outlines[region]!, point), `${state.name} at ${point.join(',')} in ${region}`).toBe(
          region === state.region,
        );
    }
    expect(checked).toBeGreaterThanOrEqual(25);
  });

  it('puts each region name inside its region', () => {
    for (const region of REGIONS) {
      const label = INDIA_REGION_OUTLINES[region].label;
      for (const other of REGIONS)
        expect(insideRings(outlines[other]!, label), `${region}'s label in ${other}`).toBe(other === region);
    }
  });

  it('stays within the size budget: the map data at most 10 KiB gzip', () => {
    const data = REGIONS.map((region) => INDIA_REGION_OUTLINES[region].d).join('');
    expect(gzipSync(data, { level: 9 }).length).toBeLessThan(4 * 1024);
    expect(gzipSync(generatedText, { level: 9 }).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('keeps the source licence and credits in the generated file', () => {
    expect(generatedText).toMatch(/^\/\*! India's four regions: derived from @svg-maps\/india/);
    expect(generatedText).toContain('CC-BY-4.0');
    expect(generatedText).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect(generatedText).toContain('This map is based on the work of [MapSVG](https://mapsvg.com).');
    expect(generatedText).toContain('GENERATED by scripts/build-region-map.ts');
  });
});

describe('svg path data', () => {
  it('reads relative and absolute moves, lines and closes into rings', () => {
    expect(parsePathRings('m 10,10 5,0 0,5 z m 10,0 l 1,1 -1,1 z M0 0 L2 0 2 2z')).toEqual([
      [
        [10, 10],
        [15, 10],
        [15, 15],
      ],
      [
        [20, 10],
        [21, 11],
        [20, 12],
      ],
      [
        [0, 0],
        [2, 0],
        [2, 2],
      ],
    ]);
    expect(parsePathRings('M0 0h4v3H0z')).toEqual([
      [
        [0, 0],
        [4, 0],
        [4, 3],
        [0, 3],
      ],
    ]);
    expect(() => parsePathRings('M0 0 C1 1 2 2 3 3z')).toThrow(/unsupported/);
  });

  it('writes integer rings compactly, as an absolute move and relative steps, and reads them back', () => {
    const rings: Ring[] = [
      [
        [10, 20],
        [14, 20],
        [14, 17],
      ],
      [
        [0, 0],
        [-2, 3],
        [1, 1],
      ],
    ];
    expect(formatRings(rings)).toBe('M10 20l4 0 0-3zM0 0l-2 3 3-2z');
    expect(parsePathRings(formatRings(rings))).toEqual(rings);
  });

  it('measures and tests points by the non-zero rule', () => {
    const square: Ring = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    expect(Math.abs(ringArea(square))).toBe(16);
    expect(insideRings([square], [2, 2])).toBe(true);
    expect(insideRings([square], [5, 2])).toBe(false);
  });
});
