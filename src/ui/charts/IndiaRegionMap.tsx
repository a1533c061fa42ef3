import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import styled, { useTheme } from 'styled-components';
import { formatShortMoney } from '../../domain/money';
import { REGION_LABELS, REGIONS, type Region } from '../../domain/regions';
import { Skeleton } from '../Skeleton';
import type { Theme } from '../theme';
import { CHART_FONT } from './chart-theme';
import { INDIA_REGION_OUTLINES, INDIA_REGIONS_VIEWBOX } from './india-regions.generated';
import {
  growthDirection,
  orderedRegions,
  regionColor,
  regionTooltipLines,
  signedPercent,
  type GrowthDirection,
  type RegionFigures,
} from './region-map';

export type { RegionFigures } from './region-map';

const REGION_MAP_HEIGHT = 360;
export const REGION_LIST_LABEL = 'Region-wise credit utilisation figures';

const [, , VIEW_WIDTH = 612, VIEW_HEIGHT = 696] = INDIA_REGIONS_VIEWBOX.split(/\s+/).map(Number);
/** The map fills the middle 80% of its frame each way (as the ECharts map it replaced did). */
const MAP_SHARE = 0.8;
/** Region names: 12 px bold with a 3 px halo of the page background, whatever the map's size. */
const LABEL_PX = 12;
const HALO_PX = 3;
/** The tooltip sits this far right of and below the point it describes, flipped when it would leave the frame. */
const TOOLTIP_GAP = 20;

/** Map units to pixels for a frame of this size (the viewBox fitted into the middle 80%, aspect kept). */
function mapScale(width: number, height: number): number {
  return Math.min((width * MAP_SHARE) / VIEW_WIDTH, (height * MAP_SHARE) / VIEW_HEIGHT);
}

const Frame = styled.div<{ $height: number }>`
  position: relative;
  width: 100%;
  height: ${({ $height }) => $height}px;
  svg {
    position: absolute;
    inset: ${((1 - MAP_SHARE) / 2) * 100}%;
    width: ${MAP_SHARE * 100}%;
    height: ${MAP_SHARE * 100}%;
    overflow: visible;
  }
  path {
    cursor: default;
  }
  text {
    pointer-events: none;
  }
`;

const Tooltip = styled.div`
  position: absolute;
  z-index: 1;
  padding: 10px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 4px;
  background: ${({ theme }) => theme.surfaceRaised};
  box-shadow: 1px 2px 10px rgba(0, 0, 0, 0.2);
  color: ${({ theme }) => theme.text};
  font-family: ${CHART_FONT};
  font-size: 14px;
  line-height: 21px;
  white-space: nowrap;
  pointer-events: none;
  .title {
    font-weight: 600;
    margin-bottom: 4px;
  }
`;

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
  &:hover {
    border-color: ${({ theme }) => theme.primary};
  }
  .name {
    font-weight: 700;
  }
  .figure {
    grid-column: 2;
    font-size: 14px;
    color: ${({ theme }) => theme.textMuted};
  }
  .figure strong {
    color: ${({ theme }) => theme.text};
  }
`;

const Swatch = styled.span<{ $color: string }>`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ $color }) => $color};
`;

/** A figure still loading: a bar the width of a short amount, on the text's line. */
const Pending = styled(Skeleton)`
  display: inline-block;
  width: 4.5em;
  vertical-align: middle;
`;

const Growth = styled.span<{ $direction: GrowthDirection }>`
  font-weight: 700;
  color: ${({ theme, $direction }) => ($direction === 'up' ? theme.success : $direction === 'down' ? theme.danger : theme.text)};
`;

/** The region under the pointer or chosen in the list, and where its tooltip points (pixels in the frame). */
interface Active {
  region: Region;
  x: number;
  y: number;
}

interface OutlinesProps {
  theme: Theme;
  highlighted: Region | null;
  scale: number;
  onPointer: (region: Region, event: ReactPointerEvent<SVGPathElement>) => void;
  onLeave: () => void;
}

/** The four outlines, each in its region's colour, and their names; redrawn only when the theme, the highlight or the size changes. */
const Outlines = memo(function Outlines({ theme, highlighted, scale, onPointer, onLeave }: OutlinesProps) {
  return (
    <svg viewBox={INDIA_REGIONS_VIEWBOX} preserveAspectRatio="xMidYMid meet" aria-hidden focusable="false">
      {REGIONS.map((region) => (
        <path
          key={region}
          data-region={region}
          d={INDIA_REGION_OUTLINES[region].d}
          fill={highlighted === region ? theme.focus : regionColor(theme, region)}
          stroke={theme.surface}
          // A line of the panel's colour between neighbours, as well as their own colours.
          strokeWidth={1.5}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
          onPointerMove={(event) => onPointer(region, event)}
          onPointerLeave={onLeave}
        />
      ))}
      {REGIONS.map((region) => {
        const [x, y] = INDIA_REGION_OUTLINES[region].label;
        return (
          <text
            key={region}
            x={x}
            y={y}
            textAnchor="middle"
            dominantBaseline="central"
            fontFamily={CHART_FONT}
            fontSize={LABEL_PX / scale}
            fontWeight={700}
            fill={theme.text}
            stroke={theme.background}
            strokeWidth={HALO_PX / scale}
            strokeLinejoin="round"
            paintOrder="stroke"
          >
            {REGION_LABELS[region]}
          </text>
        );
      })}
    </svg>
  );
});

function RegionTooltip({
  figures,
  at,
  frame,
}: {
  figures: RegionFigures | undefined;
  at: Active;
  frame: { width: number; height: number };
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Right of and below the point; flipped to the other side where it would leave the frame (ECharts' `confine`).
  useLayoutEffect(() => {
    const tip = ref.current;
    if (!tip) return;
    const { offsetWidth: w, offsetHeight: h } = tip;
    let left = at.x + TOOLTIP_GAP;
    let top = at.y + TOOLTIP_GAP;
    if (left + w > frame.width) left = Math.max(0, at.x - TOOLTIP_GAP - w);
    if (top + h > frame.height) top = Math.max(0, at.y - TOOLTIP_GAP - h);
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
    tip.style.visibility = 'visible';
  });
  const lines = figures ? regionTooltipLines(figures) : null;
  return (
    <Tooltip ref={ref} aria-hidden data-testid="region-tooltip" style={{ visibility: 'hidden', left: 0, top: 0 }}>
      <div className="title">{REGION_LABELS[at.region]}</div>
      {lines && (
        <>
          <div>{lines.utilised}</div>
          <div>
            Growth <Growth $direction={lines.direction}>{lines.growth}</Growth>
          </div>
          <div>{lines.overdue90}</div>
        </>
      )}
    </Tooltip>
  );
}

export interface IndiaRegionMapProps {
  /**
   * One entry per region; regions left out get no row. Undefined while the figures load: the list holds a
   * placeholder row per region, so nothing moves when they arrive.
   */
  regions: readonly RegionFigures[] | undefined;
  /** Pixels. Default 360. */
  height?: number;
  /** The map's accessible name (the caller shows the visible title). */
  label?: string;
}

/**
 * India in four regions, each in its own colour and named on the map, with a tooltip of its figures on hover.
 * Under the map, one button per region shows the same figures as text (growth signed and coloured) beside the
 * region's colour; focusing or hovering a button highlights its region on the map and shows its tooltip, so
 * keyboard users get the same view.
 *
 * The outlines are pre-built (src/ui/charts/india-regions.generated.ts, `npm run map:build`) and drawn as plain
 * SVG: the map needs no chart library, so it paints with the page.
 */
export function IndiaRegionMap({
  regions,
  height = REGION_MAP_HEIGHT,
  label = 'Map of India by region: North, East, West and South, each in its own colour. The figures are listed below the map.',
}: IndiaRegionMapProps) {
  const theme = useTheme();
  const frameRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [active, setActive] = useState<Active | null>(null);

  // Callers often build the array inline: key it by content so the list is worked out only when a figure changes.
  const key = JSON.stringify(
    orderedRegions(regions ?? []).map(({ region, utilised, growth, overdue90 }) => ({
      region,
      utilised,
      growth,
      overdue90,
    })),
  );
  const figures = useMemo(() => JSON.parse(key) as RegionFigures[], [key]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setSize({ width: frame.clientWidth, height: frame.clientHeight }));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // Until the frame is measured, assume the height limits the map (it does on every layout but the narrowest).
  const frame = size ?? { width: Infinity, height };
  const scale = mapScale(frame.width, frame.height);

  const onPointer = useCallback((region: Region, event: ReactPointerEvent<SVGPathElement>) => {
    const box = frameRef.current?.getBoundingClientRect();
    if (!box) return;
    setActive({ region, x: event.clientX - box.left, y: event.clientY - box.top });
  }, []);
  const hide = useCallback(() => setActive(null), []);

  /** Highlights a region and points its tooltip at its name, as hovering it would. */
  const show = (region: Region) => {
    const el = frameRef.current;
    if (!el) return;
    const width = el.clientWidth;
    const h = el.clientHeight;
    const s = mapScale(width, h);
    const [x, y] = INDIA_REGION_OUTLINES[region].label;
    setActive({ region, x: (width - VIEW_WIDTH * s) / 2 + x * s, y: (h - VIEW_HEIGHT * s) / 2 + y * s });
  };

  return (
    <div>
      <Frame ref={frameRef} $height={height} role="img" aria-label={label} data-testid="region-map-frame">
        <Outlines
          theme={theme}
          highlighted={active?.region ?? null}
          scale={scale}
          onPointer={onPointer}
          onLeave={hide}
        />
        {active && (
          <RegionTooltip
            figures={figures.find((r) => r.region === active.region)}
            at={active}
            frame={size ?? { width: 0, height }}
          />
        )}
      </Frame>
      {regions === undefined ? (
        <List aria-label={REGION_LIST_LABEL} aria-busy>
          {REGIONS.map((region) => (
            <li key={region}>
              <RegionButton as="div" data-region={region}>
                <Swatch $color={regionColor(theme, region)} aria-hidden />
                <span className="name">{REGION_LABELS[region]}</span>
                {['Utilised', 'Growth', '90+ overdue'].map((name) => (
                  <span className="figure" key={name}>
                    {name} <Pending aria-hidden />
                  </span>
                ))}
              </RegionButton>
            </li>
          ))}
        </List>
      ) : (
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
                <Swatch $color={regionColor(theme, r.region)} aria-hidden />
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
      )}
    </div>
  );
}
