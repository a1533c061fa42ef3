/**
 * `npm run map:build`: builds the dashboard's region map (src/ui/charts/india-regions.generated.ts) from the state
 * outlines of `@svg-maps/india` (CC BY 4.0): the states of each region (src/ui/charts/region-states.ts) merged
 * into one outline per region, simplified and rounded to whole map units. `--check` builds it in memory and fails
 * when the file differs (a new source version, a changed table or setting), without writing.
 *
 * How: the states are painted onto a grid of cells (CELLS per map unit), each cell taking its region; hairline
 * gaps between neighbouring states are closed (a morphological closing of the land, the new cells going to the
 * nearest region) and specks below MIN_AREA dropped. The borders between cells of different regions (the sea
 * counts as one) are cut into arcs at the points where three regions meet, so a border two regions share is one
 * arc; each arc is simplified once (Douglas–Peucker, EPSILON map units, ends kept) and rounded, so neighbouring
 * regions keep exactly the same border, with no slivers or overlaps. Each region's outline is then its arcs,
 * joined into rings with the region on their left.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import india from '@svg-maps/india';
import { REGIONS, type Region } from '../src/domain/regions';
import { REGION_STATES, regionOfState } from '../src/ui/charts/region-states';
import {
  formatRings,
  insideRings,
  parsePathRings,
  ringArea,
  ringsBounds,
  type Point,
  type Ring,
} from '../src/ui/charts/svg-path';

/** Grid cells per map unit (the source's viewBox is 612 × 696 units). */
const CELLS = 4;
/** Gaps between states up to twice this many cells wide are closed. */
const CLOSE_CELLS = 2;
/** Islands and enclaves smaller than this (square map units) are dropped or given to their surroundings. */
const MIN_AREA = 1.5;
/** Enclosed gaps (sea inside the land: seams between states, no real lake at this scale) up to this are filled. */
const MAX_HOLE_AREA = 10;
/** The Douglas–Peucker tolerance, in map units (the dashboard draws about 0.4 to 0.5 px per unit). */
const EPSILON = 0.9;
/** Where a region's name sits, as a share of its bounding box, when the centre of the box is not right. */
const LABEL_AT: Partial<Record<Region, readonly [number, number]>> = {
  // The East spans the Andaman and Nicobar Islands, so its box centre falls in the Bay of Bengal: 26% / 31% is the
  // middle of Bihar, Jharkhand, Odisha and West Bengal within that box (the map's label place before this script).
  east: [0.26, 0.31],
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = join(root, 'src/ui/charts/india-regions.generated.ts');

// ---------------------------------------------------------------------------------------------------------------
// The grid of regions

interface Grid {
  width: number;
  height: number;
  /** 0 for the sea (outside every state), else the region's index in REGIONS plus one. */
  cells: Uint8Array;
}

/** Paints each state's rings (even–odd, by cell centre) with its region; a cell keeps the first region painted. */
function paint(width: number, height: number): Grid {
  const cells = new Uint8Array(width * height);
  for (const location of india.locations) {
    const region = regionOfState(location.id);
    if (!region) throw new Error(`build-region-map: location '${location.id}' (${location.name}) has no region`);
    const value = REGIONS.indexOf(region) + 1;
    const rings = parsePathRings(location.path);
    const [, minY, , maxY] = ringsBounds(rings);
    const firstRow = Math.max(0, Math.floor(minY * CELLS));
    const lastRow = Math.min(height - 1, Math.ceil(maxY * CELLS));
    const crossings: number[][] = Array.from({ length: lastRow - firstRow + 1 }, () => []);
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const [x1, y1] = ring[i]!;
        const [x2, y2] = ring[(i + 1) % ring.length]!;
        if (y1 === y2) continue;
        const top = Math.min(y1, y2);
        const bottom = Math.max(y1, y2);
        // Rows whose centre line (row + 0.5) / CELLS lies in [top, bottom).
        const from = Math.max(firstRow, Math.ceil(top * CELLS - 0.5));
        const to = Math.min(lastRow, Math.ceil(bottom * CELLS - 0.5) - 1);
        for (let row = from; row <= to; row++) {
          const y = (row + 0.5) / CELLS;
          crossings[row - firstRow]!.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
        }
      }
    }
    crossings.forEach((xs, i) => {
      const row = firstRow + i;
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! * CELLS - 0.5));
        const to = Math.min(width - 1, Math.ceil(xs[k + 1]! * CELLS - 0.5) - 1);
        for (let col = from; col <= to; col++) if (cells[row * width + col] === 0) cells[row * width + col] = value;
      }
    });
  }
  return { width, height, cells };
}

/** A square dilation (grow) or erosion (shrink) of a mask by `radius` cells, one axis at a time. */
function morph(mask: Uint8Array, width: number, height: number, radius: number, grow: boolean): Uint8Array {
  const pass = (source: Uint8Array, horizontal: boolean): Uint8Array => {
    const out = new Uint8Array(source.length);
    const lines = horizontal ? height : width;
    const length = horizontal ? width : height;
    const at = (line: number, i: number) => (horizontal ? line * width + i : i * width + line);
    for (let line = 0; line < lines; line++) {
      // Set cells within the window [i - radius, i + radius]; outside the grid counts as sea.
      let count = 0;
      for (let i = 0; i < Math.min(radius, length); i++) count += source[at(line, i)]!;
      for (let i = 0; i < length; i++) {
        if (i + radius < length) count += source[at(line, i + radius)]!;
        if (i - radius - 1 >= 0) count -= source[at(line, i - radius - 1)]!;
        const window = Math.min(length - 1, i + radius) - Math.max(0, i - radius) + 1;
        const full = grow ? count > 0 : count === window && i - radius >= 0 && i + radius < length;
        out[at(line, i)] = full ? 1 : 0;
      }
    }
    return out;
  };
  return pass(pass(mask, true), false);
}

/** Closes hairline gaps between states: land after a closing that no state painted goes to the nearest region. */
function closeGaps(grid: Grid): number {
  const { width, height, cells } = grid;
  const land = cells.map((v) => (v > 0 ? 1 : 0));
  const closed = morph(morph(land, width, height, CLOSE_CELLS, true), width, height, CLOSE_CELLS, false);
  const queue = new Int32Array(cells.length);
  let head = 0;
  let tail = 0;
  let filled = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i]! > 0) queue[tail++] = i;
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= cells.length || cells[j] !== 0 || closed[j] === 0) continue;
      cells[j] = cells[i]!;
      queue[tail++] = j;
      filled++;
    }
  }
  return filled;
}

/**
 * Gives every patch of land (4-connected cells of one region) smaller than `minCells`, and every patch of sea
 * enclosed by land up to `maxHoleCells`, to the value most of its neighbours have: islands go to the sea, enclaves
 * and gaps to what surrounds them. The open sea (touching the grid's edge) stays. Returns the dropped islands'
 * sizes, in cells.
 */
function dropSpecks(grid: Grid, minCells: number, maxHoleCells: number): number[] {
  const { width, height, cells } = grid;
  const seen = new Uint8Array(cells.length);
  const patch = new Int32Array(cells.length);
  const dropped: number[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (seen[start]) continue;
    const value = cells[start]!;
    let size = 0;
    let touchesEdge = false;
    const around = new Map<number, number>();
    patch[size++] = start;
    seen[start] = 1;
    for (let k = 0; k < size; k++) {
      const i = patch[k]!;
      const x = i % width;
      const y = (i - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touchesEdge = true;
      for (const j of [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ]) {
        if (j < 0) continue;
        if (cells[j] !== value) around.set(cells[j]!, (around.get(cells[j]!) ?? 0) + 1);
        else if (!seen[j]) {
          seen[j] = 1;
          patch[size++] = j;
        }
      }
    }
    if (value === 0 ? touchesEdge || size > maxHoleCells : size >= minCells) continue;
    const [next] = [...around.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [value];
    if (next === value) continue;
    if (next === 0) dropped.push(size);
    for (let k = 0; k < size; k++) cells[patch[k]!] = next;
  }
  return dropped;
}

// ---------------------------------------------------------------------------------------------------------------
// Borders as shared arcs

interface Arc {
  /** Corner points, in cells. */
  points: Point[];
  /** The values on the left and right of the arc, walking it from its first point. */
  left: number;
  right: number;
  closed: boolean;
}

function borderArcs(grid: Grid): Arc[] {
  const { width, height, cells } = grid;
  const cell = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : cells[y * width + x]!);
  const cornersWide = width + 1;
  // A horizontal edge (x, y)-(x+1, y) has cell (x, y-1) above and (x, y) below; a vertical edge (x, y)-(x, y+1)
  // has cell (x-1, y) to its left and (x, y) to its right.
  const hIndex = (x: number, y: number) => y * width + x;
  const vIndex = (x: number, y: number) => y * cornersWide + x;
  const hBorder = (x: number, y: number) =>
    x >= 0 && x < width && y >= 0 && y <= height && cell(x, y - 1) !== cell(x, y);
  const vBorder = (x: number, y: number) =>
    x >= 0 && x <= width && y >= 0 && y < height && cell(x - 1, y) !== cell(x, y);
  const hSeen = new Uint8Array(width * (height + 1));
  const vSeen = new Uint8Array(cornersWide * height);

  type Step = { to: Point; mark: () => void; seen: () => boolean; left: number; right: number };
  /** The border edges at a corner, as steps away from it (with what lies on their left and right). */
  const steps = (x: number, y: number): Step[] => {
    const out: Step[] = [];
    if (hBorder(x, y))
      out.push({
        to: [x + 1, y],
        mark: () => void (hSeen[hIndex(x, y)] = 1),
        seen: () => hSeen[hIndex(x, y)] === 1,
        left: cell(x, y - 1),
        right: cell(x, y),
      });
    if (hBorder(x - 1, y))
      out.push({
        to: [x - 1, y],
        mark: () => void (hSeen[hIndex(x - 1, y)] = 1),
        seen: () => hSeen[hIndex(x - 1, y)] === 1,
        left: cell(x - 1, y),
        right: cell(x - 1, y - 1),
      });
    if (vBorder(x, y))
      out.push({
        to: [x, y + 1],
        mark: () => void (vSeen[vIndex(x, y)] = 1),
        seen: () => vSeen[vIndex(x, y)] === 1,
        left: cell(x, y),
        right: cell(x - 1, y),
      });
    if (vBorder(x, y - 1))
      out.push({
        to: [x, y - 1],
        mark: () => void (vSeen[vIndex(x, y - 1)] = 1),
        seen: () => vSeen[vIndex(x, y - 1)] === 1,
        left: cell(x - 1, y - 1),
        right: cell(x, y - 1),
      });
    return out;
  };
  /** A corner where the border forks (three or four regions meet, or two touch diagonally) ends arcs. */
  const isNode = (x: number, y: number) => steps(x, y).length !== 2;

  const walk = (start: Point, first: Step): Arc => {
    const points: Point[] = [start];
    let step = first;
    for (;;) {
      step.mark();
      const [x, y] = step.to;
      const node = isNode(x, y);
      // Back at the start of a loop with no node: a closed arc (its first point is not repeated).
      if (x === start[0] && y === start[1] && !node)
        return { points, left: first.left, right: first.right, closed: true };
      points.push(step.to);
      if (node) return { points, left: first.left, right: first.right, closed: false };
      const next = steps(x, y).find((s) => !s.seen());
      if (!next) throw new Error(`build-region-map: the border stops at ${x},${y}`);
      step = next;
    }
  };

  const arcs: Arc[] = [];
  // Arcs between nodes first, then the closed loops that have none (islands, and borders that meet no third region).
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      const here = steps(x, y);
      if (here.length === 0 || here.length === 2) continue;
      for (const step of here) if (!step.seen()) arcs.push(walk([x, y], step));
    }
  }
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      for (const step of steps(x, y)) if (!step.seen()) arcs.push(walk([x, y], step));
    }
  }
  return arcs;
}

function distanceToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Douglas–Peucker: the points of an open polyline that keep it within `epsilon` of the original; both ends stay. */
function simplify(points: readonly Point[], epsilon: number): Point[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    let farthest = -1;
    let distance = epsilon;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegment(points[i]!, points[from]!, points[to]!);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push([from, farthest], [farthest, to]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** An arc simplified and rounded to whole map units; a closed arc is cut at its start and its farthest point. */
function simplifyArc(arc: Arc): Point[] {
  const units = arc.points.map(([x, y]): Point => [x / CELLS, y / CELLS]);
  let kept: Point[];
  if (arc.closed) {
    const start = units[0]!;
    let far = 0;
    units.forEach(([x, y], i) => {
      if (Math.hypot(x - start[0], y - start[1]) > Math.hypot(units[far]![0] - start[0], units[far]![1] - start[1]))
        far = i;
    });
    kept = [
      ...simplify(units.slice(0, far + 1), EPSILON),
      ...simplify([...units.slice(far), start], EPSILON).slice(1, -1),
    ];
  } else {
    kept = simplify(units, EPSILON);
  }
  const rounded = kept.map(([x, y]): Point => [Math.round(x), Math.round(y)]);
  return rounded.filter((p, i) => i === 0 || p[0] !== rounded[i - 1]![0] || p[1] !== rounded[i - 1]![1]);
}

/** A region's rings: its arcs turned so the region is on their left, joined end to start. */
function regionRings(value: number, arcs: readonly { points: Point[]; arc: Arc }[]): Ring[] {
  const rings: Ring[] = [];
  const open: Point[][] = [];
  for (const { points, arc } of arcs) {
    if (arc.left !== value && arc.right !== value) continue;
    const turned = arc.left === value ? points : [...points].reverse();
    if (arc.closed) rings.push(turned);
    else open.push(turned);
  }
  const key = ([x, y]: Point) => `${x},${y}`;
  const starting = new Map<string, Point[][]>();
  for (const path of open) starting.set(key(path[0]!), [...(starting.get(key(path[0]!)) ?? []), path]);
  const used = new Set<Point[]>();
  for (const first of open) {
    if (used.has(first)) continue;
    used.add(first);
    const ring: Point[] = [...first];
    const start = key(first[0]!);
    for (;;) {
      const end = key(ring[ring.length - 1]!);
      if (end === start) break;
      const next = (starting.get(end) ?? []).find((path) => !used.has(path));
      if (!next) throw new Error(`build-region-map: ${REGIONS[value - 1]}'s outline does not close at ${end}`);
      used.add(next);
      ring.push(...next.slice(1));
    }
    rings.push(ring.slice(0, -1));
  }
  // Rings whose points rounded onto one line or point have nothing left to draw; a tiny ring turned the other way
  // (a hole's direction) is a twist left by simplifying and rounding, as the small holes were filled above.
  return rings.filter(
    (ring) => new Set(ring.map(key)).size >= 3 && (ringArea(ring) < 0 || ringArea(ring) > MAX_HOLE_AREA),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The generated module

interface RegionOutline {
  d: string;
  label: Point;
}

function sourceInfo(): { version: string; licence: string; credits: string } {
  const require = createRequire(import.meta.url);
  const packageFile = require.resolve('@svg-maps/india/package.json');
  const pkg = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string; license: string };
  const readme = readFileSync(join(dirname(packageFile), 'README.md'), 'utf8');
  const credits = /## Credits\s+([\s\S]*?)(?:\n## |$)/.exec(readme)?.[1]?.trim() ?? '';
  return { version: pkg.version, licence: pkg.license, credits };
}

/** The region outlines, their label points, and what was dropped on the way. */
function buildRegionMap(): {
  viewBox: string;
  outlines: Record<Region, RegionOutline>;
  dropped: number[];
  filled: number;
} {
  const viewBox = india.viewBox;
  const [, , boxWidth, boxHeight] = viewBox.split(/\s+/).map(Number);
  if (!boxWidth || !boxHeight) throw new Error(`build-region-map: unexpected viewBox '${viewBox}'`);
  const grid = paint(Math.ceil(boxWidth * CELLS), Math.ceil(boxHeight * CELLS));
  const filled = closeGaps(grid);
  const dropped = dropSpecks(grid, Math.round(MIN_AREA * CELLS * CELLS), Math.round(MAX_HOLE_AREA * CELLS * CELLS));
  const arcs = borderArcs(grid).map((arc) => ({ arc, points: simplifyArc(arc) }));

  const outlines = Object.fromEntries(
    REGIONS.map((region, i) => {
      const rings = regionRings(i + 1, arcs);
      if (rings.length === 0) throw new Error(`build-region-map: ${region} has no outline`);
      // The label where the map put it before: the centre of the states' bounding box (or LABEL_AT within it).
      const source = REGION_STATES[region].flatMap((id) =>
        parsePathRings(india.locations.find((l) => l.id === id)?.path ?? ''),
      );
      const [minX, minY, maxX, maxY] = ringsBounds(source);
      const [fx, fy] = LABEL_AT[region] ?? [0.5, 0.5];
      const label: Point = [Math.round(minX + fx * (maxX - minX)), Math.round(minY + fy * (maxY - minY))];
      if (!insideRings(rings, label))
        throw new Error(`build-region-map: ${region}'s label point ${label.join(',')} is outside its outline`);
      return [region, { d: formatRings(rings), label }];
    }),
  ) as Record<Region, RegionOutline>;
  return { viewBox, outlines, dropped, filled };
}

function moduleText(viewBox: string, outlines: Record<Region, RegionOutline>): string {
  const { version, licence, credits } = sourceInfo();
  const notice = credits
    .split('\n')
    .map((line) => ` * ${line}`.trimEnd())
    .join('\n');
  const entries = REGIONS.map((region) => {
    const { d, label } = outlines[region];
    return `  ${region}: {\n    label: [${label.join(', ')}],\n    d: '${d}',\n  },`;
  }).join('\n');
  return `/*! India's four regions: derived from @svg-maps/india ${version} by Victor Cazanave (https://github.com/VictorCazanave/svg-maps), ${licence} (https://creativecommons.org/licenses/by/4.0/). Changes: states merged into regions, outlines simplified and rounded. */
/**
 * GENERATED by scripts/build-region-map.ts (\`npm run map:build\`) from the state outlines of \`@svg-maps/india\`
 * ${version}. Do not edit: change the script or src/ui/charts/region-states.ts and run it again
 * (\`npx tsx scripts/build-region-map.ts --check\` tells whether this file is current).
 *
 * Licence of the source map (${licence}, Creative Commons Attribution 4.0 International,
 * https://creativecommons.org/licenses/by/4.0/). Credits, as the package's README gives them:
 *
${notice}
 *
 * Changes made here: the states and union territories of each region merged into one outline, the outlines
 * simplified (Douglas–Peucker, ${EPSILON} units) and rounded to whole units of the source's viewBox, islands and
 * enclaves under ${MIN_AREA} square units dropped, seams between states up to ${MAX_HOLE_AREA} square units filled. The adapted map is shared under the same licence, provided as is,
 * without warranties.
 */
import type { Region } from '../../domain/regions';

/** The source map's viewBox: every outline point lies within it. */
export const INDIA_REGIONS_VIEWBOX = '${viewBox}';

/** Each region's outline (SVG path data, one ring per island) and where its name sits, in viewBox units. */
export const INDIA_REGION_OUTLINES: Readonly<Record<Region, { readonly label: readonly [number, number]; readonly d: string }>> = {
${entries}
};
`;
}

function main(): void {
  const check = process.argv.includes('--check');
  const { viewBox, outlines, dropped, filled } = buildRegionMap();
  const text = moduleText(viewBox, outlines);
  const data = REGIONS.map((r) => outlines[r].d).join('');
  const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
  const where = relative(process.cwd(), OUTPUT);
  console.log(
    `Region map from @svg-maps/india: ${data.length} characters of path data, ${kib(gzipSync(data, { level: 9 }).length)} gzip; ${where} ${kib(text.length)}, ${kib(gzipSync(text, { level: 9 }).length)} gzip`,
  );
  console.log(`  ${filled} gap cells closed; ${dropped.length} islands under ${MIN_AREA} sq. units dropped`);
  for (const region of REGIONS)
    console.log(
      `  ${region.padEnd(5)} ${outlines[region].d.split('M').length - 1} rings, ${outlines[region].d.length} characters`,
    );
  if (check) {
    let current = '';
    try {
      current = readFileSync(OUTPUT, 'utf8');
    } catch {
      // Missing counts as out of date.
    }
    if (current !== text) {
      console.error(`${where} is out of date: run npx tsx scripts/build-region-map.ts`);
      process.exit(1);
    }
    console.log(`${where} is current.`);
    return;
  }
  writeFileSync(OUTPUT, text);
  console.log(`Wrote ${where}`);
}

main();
