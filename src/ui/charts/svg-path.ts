/**
 * Polygon outlines as SVG path data: read (`M`/`m`, `L`/`l`, `H`/`h`, `V`/`v`, `Z`/`z`, the commands the map
 * source uses) into rings of absolute points, written back compactly, and measured. Shared by the region map's
 * generator (scripts/build-region-map.ts) and its tests; the app itself draws the generated path data as is.
 */

export type Point = readonly [number, number];
export type Ring = Point[];

const TOKEN = /([MmLlHhVvZz])|(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;

/** The closed rings of a path of straight segments. Throws on a command it does not read (curves, arcs). */
export function parsePathRings(d: string): Ring[] {
  if (/[^MmLlHhVvZz\d\s,.eE+-]/.test(d)) throw new Error('parsePathRings: unsupported path command');
  const rings: Ring[] = [];
  let ring: Ring | null = null;
  let command = '';
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const numbers: number[] = [];

  const close = () => {
    if (ring && ring.length > 0) rings.push(ring);
    ring = null;
  };
  const flush = () => {
    const relative = command === command.toLowerCase();
    const upper = command.toUpperCase();
    if (upper === 'H' || upper === 'V') {
      for (const n of numbers) {
        if (upper === 'H') x = relative ? x + n : n;
        else y = relative ? y + n : n;
        ring?.push([x, y]);
      }
    } else if (upper === 'M' || upper === 'L') {
      if (numbers.length % 2 !== 0) throw new Error(`parsePathRings: odd number of coordinates after '${command}'`);
      for (let i = 0; i < numbers.length; i += 2) {
        const nx = relative ? x + numbers[i]! : numbers[i]!;
        const ny = relative ? y + numbers[i + 1]! : numbers[i + 1]!;
        x = nx;
        y = ny;
        if (upper === 'M' && i === 0) {
          close();
          ring = [];
          startX = x;
          startY = y;
        }
        ring?.push([x, y]);
      }
    } else if (numbers.length > 0) {
      throw new Error(`parsePathRings: numbers after '${command}'`);
    }
    numbers.length = 0;
  };

  for (const match of d.matchAll(TOKEN)) {
    const [, letter, number] = match;
    if (number !== undefined) {
      numbers.push(Number(number));
      continue;
    }
    flush();
    command = letter ?? '';
    if (command === 'Z' || command === 'z') {
      close();
      x = startX;
      y = startY;
    }
  }
  flush();
  close();
  return rings.map((r) => {
    const first = r[0];
    const last = r[r.length - 1];
    return first && last && r.length > 1 && first[0] === last[0] && first[1] === last[1] ? r.slice(0, -1) : r;
  });
}

function num(n: number): string {
  return String(Object.is(n, -0) ? 0 : n);
}

/** Joins numbers with the fewest separators: a minus sign is its own separator ('3-2 4'). */
function joinNumbers(values: readonly number[]): string {
  let out = '';
  for (const value of values) {
    const text = num(value);
    out += out === '' || text.startsWith('-') ? text : ` ${text}`;
  }
  return out;
}

/**
 * Rings of integer points as path data: each ring an absolute `M`, then relative `l` steps, then `z`.
 * Relative steps are differences of the (already rounded) absolute points, so no rounding error builds up.
 */
export function formatRings(rings: readonly Ring[]): string {
  return rings
    .map((ring) => {
      const [first, ...rest] = ring;
      if (!first) return '';
      const steps: number[] = [];
      let [px, py] = first;
      for (const [x, y] of rest) {
        steps.push(x - px, y - py);
        px = x;
        py = y;
      }
      return `M${joinNumbers(first)}${steps.length > 0 ? `l${joinNumbers(steps)}` : ''}z`;
    })
    .join('');
}

/** The signed area of a ring (positive when it runs clockwise on screen, y pointing down). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** Whether a point lies inside rings filled with the non-zero rule (the SVG and canvas default). */
export function insideRings(rings: readonly Ring[], [px, py]: Point): boolean {
  let winding = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [x1, y1] = ring[i]!;
      const [x2, y2] = ring[(i + 1) % ring.length]!;
      const cross = (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1);
      if (y1 <= py) {
        if (y2 > py && cross > 0) winding++;
      } else if (y2 <= py && cross < 0) {
        winding--;
      }
    }
  }
  return winding !== 0;
}

/** The bounding box of rings: [minX, minY, maxX, maxY]. */
export function ringsBounds(rings: readonly Ring[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return [minX, minY, maxX, maxY];
}
