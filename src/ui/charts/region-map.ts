/**
 * The region map's figures and colours, kept apart from the component so they can be tested without a DOM.
 */
import type { Theme, ThemeName } from '../theme';
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

/**
 * Each region's own colour, per theme: the map tells the regions apart, it does not shade them by a figure
 * (four shades of one blue were hard to tell apart, the light theme's palest almost the panel's white). Each
 * colour has at least 3:1 contrast with the panel and the page behind it, each pair differs clearly in hue or
 * lightness (also as the common colour-vision deficiencies see them), and none is near the focus colour that
 * highlights a region (region-map.test.ts holds them to it). A region keeps its hue family in both themes:
 * blue, green, pink, purple.
 */
export const REGION_COLORS: Readonly<Record<ThemeName, Readonly<Record<Region, string>>>> = {
  light: { north: '#3b82f6', east: '#14532d', west: '#ec4899', south: '#581c87' },
  dark: { north: '#93c5fd', east: '#4d7c0f', west: '#db2777', south: '#a855f7' },
};

/** A region's fill on the map and its swatch in the list. */
export const regionColor = (theme: Theme, region: Region): string => REGION_COLORS[theme.name][region];

/** The regions given, once each, in display order (north, east, west, south). */
export function orderedRegions(regions: readonly RegionFigures[]): RegionFigures[] {
  return REGIONS.flatMap((region) => {
    const found = regions.find((r) => r.region === region);
    return found ? [found] : [];
  });
}

/** The lines of a region's tooltip: its name, 'Utilised ₹…', the signed growth and '90+ overdue ₹…'. */
export function regionTooltipLines(figures: RegionFigures): {
  title: string;
  utilised: string;
  growth: string;
  direction: GrowthDirection;
  overdue90: string;
} {
  return {
    title: REGION_LABELS[figures.region],
    utilised: `Utilised ${formatShortMoney(figures.utilised)}`,
    growth: signedPercent(figures.growth),
    direction: growthDirection(figures.growth),
    overdue90: `90+ overdue ${formatShortMoney(figures.overdue90)}`,
  };
}
