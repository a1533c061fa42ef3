import { describe, expect, it } from 'vitest';
import { REGIONS, type Region } from '../../domain/regions';
import { themes } from '../theme';
import { REGION_COLORS, regionColor } from './region-map';

/*
 * The colour arithmetic the checks need: WCAG 2 contrast, CIELAB distance (ΔE 1976), and how the common
 * colour-vision deficiencies see a colour (Machado, Oliveira and Fernandes 2009, full severity, on linear RGB).
 */

const channels = (hex: string): [number, number, number] => {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [match[1]!, match[2]!, match[3]!].map((part) => parseInt(part, 16) / 255) as [number, number, number];
};
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
type Rgb = [number, number, number];
const linearRgb = (hex: string): Rgb => channels(hex).map(linear) as Rgb;
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(linearRgb(a)), luminance(linearRgb(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function lab([r, g, b]: Rgb): Rgb {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

const VISION: Record<string, readonly Rgb[]> = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
const seenAs = (rgb: Rgb, matrix: readonly Rgb[]): Rgb =>
  matrix.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]))) as Rgb;

/** The CIELAB distance between two colours as `vision` sees them: about 2 is barely seen, 25 and more clearly different. */
function difference(a: string, b: string, vision: keyof typeof VISION): number {
  const [p, q] = [a, b].map((hex) => lab(seenAs(linearRgb(hex), VISION[vision]!)));
  return Math.hypot(p![0] - q![0], p![1] - q![1], p![2] - q![2]);
}

/** Non-text contrast (WCAG 1.4.11) of each region against what is around it. */
const MIN_CONTRAST = 3;
/** Between any two regions (every pair but north and south shares a border), and between a region and the highlight. */
const MIN_REGION_DIFFERENCE = 30;
const MIN_HIGHLIGHT_DIFFERENCE = 20;

const pairs = REGIONS.flatMap((a, i) => REGIONS.slice(i + 1).map((b) => [a, b] as [Region, Region]));

describe('the region map’s colours', () => {
  it('checks the arithmetic against known values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(difference('#000000', '#ffffff', 'typical')).toBeCloseTo(100, 3);
    expect(difference('#3b82f6', '#3b82f6', 'deuteranopia')).toBe(0);
    // Red and green, far apart to most eyes, come close for a red-green deficiency.
    expect(difference('#d62728', '#2ca02c', 'typical')).toBeGreaterThan(80);
    expect(difference('#d62728', '#2ca02c', 'deuteranopia')).toBeLessThan(30);
  });

  for (const theme of Object.values(themes)) {
    describe(`in the ${theme.name} theme`, () => {
      const colors = REGIONS.map((region) => regionColor(theme, region));

      it('gives each region its own colour, from the theme’s palette', () => {
        expect(REGIONS.map((region) => REGION_COLORS[theme.name][region])).toEqual(colors);
        expect(new Set(colors).size).toBe(REGIONS.length);
      });

      it(`sets every region off from the panel and the page by at least ${MIN_CONTRAST}:1`, () => {
        for (const region of REGIONS) {
          expect(contrast(regionColor(theme, region), theme.surface), `${region} on the panel`).toBeGreaterThanOrEqual(
            MIN_CONTRAST,
          );
          expect(
            contrast(regionColor(theme, region), theme.background),
            `${region} on the page`,
          ).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
      });

      it('tells every pair of regions apart clearly, for typical vision and the common deficiencies', () => {
        for (const [a, b] of pairs) {
          for (const vision of Object.keys(VISION)) {
            expect(
              difference(regionColor(theme, a), regionColor(theme, b), vision),
              `${a} and ${b}, ${vision}`,
            ).toBeGreaterThanOrEqual(MIN_REGION_DIFFERENCE);
          }
        }
      });

      it('keeps the highlight of a chosen region apart from every region’s colour', () => {
        for (const region of REGIONS) {
          for (const vision of Object.keys(VISION)) {
            expect(
              difference(regionColor(theme, region), theme.focus, vision),
              `${region}, ${vision}`,
            ).toBeGreaterThanOrEqual(MIN_HIGHLIGHT_DIFFERENCE);
          }
        }
      });

      it('keeps the names on the map readable: the text on its halo of the page colour', () => {
        expect(contrast(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
      });
    });
  }
});
