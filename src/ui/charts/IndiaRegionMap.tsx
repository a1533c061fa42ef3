import { useCallback, useEffect, useMemo, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import { formatShortMoney } from '../../domain/money';
import { EChart, type ChartsModule, type ECharts } from './EChart';
import { growthDirection, INDIA_REGIONS_MAP, orderedRegions, regionMapOption, regionShades, signedPercent, type GrowthDirection, type RegionFigures } from './region-map';
import { REGION_LABELS, type Region } from '../../domain/regions';

export type { RegionFigures } from './region-map';

export const REGION_MAP_HEIGHT = 360;
export const REGION_LIST_LABEL = 'Region-wise credit utilisation figures';

// The region SVG (with the @svg-maps/india outlines) is its own chunk, loaded with the map only and registered once.
let svgLoad: Promise<string> | null = null;
function loadRegionSvg(): Promise<string> {
  svgLoad ??= import('./india-regions')
    .then((m) => m.indiaRegionSvg())
    .catch((error: unknown) => {
      svgLoad = null;
      throw error;
    });
  return svgLoad;
}

let registered = false;
async function registerIndiaRegions(charts: ChartsModule): Promise<void> {
  if (registered) return;
  charts.registerMap(INDIA_REGIONS_MAP, { svg: await loadRegionSvg() });
  registered = true;
}

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: 8px;
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
`;

const RegionButton = styled.button`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: 2px 8px;
  width: 100%;
  min-height: 44px;
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  text-align: start;
  cursor: default;
  &:hover { border-color: ${({ theme }) => theme.primary}; }
  .name { font-weight: 700; }
  .figure { grid-column: 2; font-size: 14px; color: ${({ theme }) => theme.textMuted}; }
  .figure strong { color: ${({ theme }) => theme.text}; }
`;

const Swatch = styled.span<{ $color: string }>`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ $color }) => $color};
`;

const Growth = styled.span<{ $direction: GrowthDirection }>`
  font-weight: 700;
  color: ${({ theme, $direction }) => ($direction === 'up' ? theme.success : $direction === 'down' ? theme.danger : theme.text)};
`;

export interface IndiaRegionMapProps {
  /** One entry per region; regions left out stay unshaded and get no row. */
  regions: readonly RegionFigures[];
  /** Pixels. Default 360. */
  height?: number;
  /** The map's accessible name (the caller shows the visible title). */
  label?: string;
}

/**
 * India in four regions, each shaded by its share of the utilised credit, with a tooltip of its figures on hover.
 * Under the map, one button per region shows the same figures as text (growth signed and coloured); focusing or
 * hovering a button highlights its region on the map and shows its tooltip, so keyboard users get the same view.
 */
export function IndiaRegionMap({ regions, height = REGION_MAP_HEIGHT, label = 'Map of India by region, shaded by share of credit utilised. The figures are listed below the map.' }: IndiaRegionMapProps) {
  const theme = useTheme();
  const chartRef = useRef<ECharts | null>(null);

  // Callers often build the array inline: key it by content so the chart redraws only when a figure changes.
  const key = JSON.stringify(orderedRegions(regions).map(({ region, utilised, growth, overdue90 }) => ({ region, utilised, growth, overdue90 })));
  const figures = useMemo(() => JSON.parse(key) as RegionFigures[], [key]);
  const option = useMemo(() => regionMapOption(theme, figures), [theme, figures]);
  const shades = useMemo(() => regionShades(theme, figures), [theme, figures]);

  // Start fetching the outlines alongside ECharts (EChart registers them once ECharts is in).
  useEffect(() => {
    loadRegionSvg().catch(() => undefined);
  }, []);

  const onReady = useCallback((chart: ECharts) => {
    chartRef.current = chart;
  }, []);

  const show = useCallback((region: Region) => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    chart.dispatchAction({ type: 'downplay', seriesIndex: 0 });
    chart.dispatchAction({ type: 'highlight', seriesIndex: 0, name: region });
    chart.dispatchAction({ type: 'showTip', seriesIndex: 0, name: region });
  }, []);

  const hide = useCallback(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    chart.dispatchAction({ type: 'downplay', seriesIndex: 0 });
    chart.dispatchAction({ type: 'hideTip' });
  }, []);

  return (
    <div>
      <EChart option={option} label={label} height={height} onReady={onReady} prepare={registerIndiaRegions} />
      <List aria-label={REGION_LIST_LABEL}>
        {figures.map((r) => (
          <li key={r.region}>
            <RegionButton
              type="button"
              data-region={r.region}
              onFocus={() => show(r.region)}
              onBlur={hide}
              onMouseEnter={() => show(r.region)}
              onMouseLeave={(event) => (event.currentTarget === document.activeElement ? show(r.region) : hide())}
              onClick={() => show(r.region)}
            >
              <Swatch $color={shades.get(r.region)?.color ?? theme.surfaceRaised} aria-hidden />
              <span className="name">{REGION_LABELS[r.region]}</span>
              <span className="figure">
                Utilised <strong>{formatShortMoney(r.utilised)}</strong>
              </span>
              <span className="figure">
                Growth <Growth $direction={growthDirection(r.growth)}>{signedPercent(r.growth)}</Growth>
              </span>
              <span className="figure">
                90+ overdue <strong>{formatShortMoney(r.overdue90)}</strong>
              </span>
            </RegionButton>
          </li>
        ))}
      </List>
    </div>
  );
}
