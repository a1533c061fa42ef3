/**
 * The region map's figures and colours, kept apart from the component so they can be tested without a DOM.
 * Each region's colour is computed here (a mix of the theme's raised surface and primary colour by the region's
 * share of the utilised total), so the colours follow the app theme.
 */
import type { Theme } from '../theme';
import { formatPercent } from '../../lib/format';
import { formatShortMoney, type Paise } from '../../domain/money';
import { REGION_LABELS, REGIONS, type Region } from '../../domain/regions';

/** One region's credit figures. */
export interface RegionFigures {
  region: Region;
  /** Utilised limit, integer paise. */
  utilised: Paise;
  /** Utilisation growth, a percentage (12.5 means 12.5%). */
  growth: number;
  /** Overdue for 90 days or more, integer paise. */
  overdue90: Paise;
}

export type GrowthDirection = 'up' | 'down' | 'flat';

/**
 * A growth percentage with its sign spelled out, so colour is never the only cue: `12.5` -> `'+12.50%'`,
 * `-3.2` -> `'−3.20%'` (U+2212 minus sign), a value that shows as zero -> `'0.00%'`. Missing or NaN -> `'-'`.
 */
export function signedPercent(growth: number | null | undefined): string {
  if (growth === null || growth === undefined || !Number.isFinite(growth)) return formatPercent(growth);
  const magnitude = formatPercent(Math.abs(growth));
  if (magnitude === formatPercent(0)) return magnitude;
  return `${growth > 0 ? '+' : '\u2212'}${magnitude}`;
}

/** Whether a growth figure reads as up, down or flat (flat when it shows as 0.00% or is missing). */
export function growthDirection(growth: number | null | undefined): GrowthDirection {
  const text = signedPercent(growth);
  return text.startsWith('+') ? 'up' : text.startsWith('\u2212') ? 'down' : 'flat';
}

/** The theme colour of a growth figure: success when up, danger when down, muted text when flat. */
export function growthColor(theme: Theme, growth: number | null | undefined): string {
  const direction = growthDirection(growth);
  return direction === 'up' ? theme.success : direction === 'down' ? theme.danger : theme.textMuted;
}

function parseHex(color: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return null;
  return [parseInt(match[1] ?? '0', 16), parseInt(match[2] ?? '0', 16), parseInt(match[3] ?? '0', 16)];
}

/** `from` mixed towards `to` by `t` (0..1), for '#rrggbb' colours; `to` when either is in another form. */
export function mixColors(from: string, to: string, t: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  if (!a || !b) return to;
  const k = Math.max(0, Math.min(1, Number.isFinite(t) ? t : 0));
  return `#${a.map((x, i) => Math.round(x + ((b[i] ?? x) - x) * k).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Each region's share of the utilised total (0..1), and its fill: the theme's raised surface mixed towards the
 * primary colour, from 20% for no share up to the full primary colour for the largest share.
 */
export function regionShades(theme: Theme, regions: readonly RegionFigures[]): Map<Region, { share: number; color: string }> {
  const total = regions.reduce((sum, r) => sum + Math.max(0, r.utilised), 0);
  const shares = regions.map((r) => (total > 0 ? Math.max(0, r.utilised) / total : 0));
  const largest = Math.max(0, ...shares);
  return new Map(
    regions.map((r, i) => {
      const share = shares[i] ?? 0;
      const t = largest > 0 ? 0.2 + 0.8 * (share / largest) : 0.2;
      return [r.region, { share, color: mixColors(theme.surfaceRaised, theme.primary, t) }];
    }),
  );
}

/** The regions given, once each, in display order (north, east, west, south). */
export function orderedRegions(regions: readonly RegionFigures[]): RegionFigures[] {
  return REGIONS.flatMap((region) => {
    const found = regions.find((r) => r.region === region);
    return found ? [found] : [];
  });
}

/** The lines of a region's tooltip: its name, 'Utilised ₹…', the signed growth and '90+ overdue ₹…'. */
export function regionTooltipLines(figures: RegionFigures): { title: string; utilised: string; growth: string; direction: GrowthDirection; overdue90: string } {
  return {
    title: REGION_LABELS[figures.region],
    utilised: `Utilised ${formatShortMoney(figures.utilised)}`,
    growth: signedPercent(figures.growth),
    direction: growthDirection(figures.growth),
    overdue90: `90+ overdue ${formatShortMoney(figures.overdue90)}`,
  };
}
