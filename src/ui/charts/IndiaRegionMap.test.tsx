// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { themes } from '../theme';
import { INDIA_REGION_OUTLINES } from './india-regions.generated';
import { REGION_COLORS } from './region-map';
import { IndiaRegionMap, REGION_LIST_LABEL, type RegionFigures } from './IndiaRegionMap';

afterEach(cleanup);

const regions: RegionFigures[] = [
  { region: 'south', utilised: 2_50_000_00, growth: -3.2, overdue90: 4_500_00 },
  { region: 'north', utilised: 1_50_00_000_00, growth: 12.5, overdue90: 2_00_000_00 },
];

const draw = (figures: readonly RegionFigures[] | undefined) =>
  render(
    <ThemeProvider theme={themes.dark}>
      <IndiaRegionMap regions={figures} />
    </ThemeProvider>,
  );

const fillOf = (container: HTMLElement, region: string) =>
  container.querySelector(`path[data-region="${region}"]`)?.getAttribute('fill');

describe('IndiaRegionMap', () => {
  it('draws the four generated outlines, each in its region’s colour, with their names', () => {
    const { container } = draw(regions);
    const paths = [...container.querySelectorAll('path[data-region]')];
    expect(paths.map((p) => p.getAttribute('data-region'))).toEqual(['north', 'east', 'west', 'south']);
    expect(paths.map((p) => p.getAttribute('d'))).toEqual(
      ['north', 'east', 'west', 'south'].map((r) => INDIA_REGION_OUTLINES[r as 'north'].d),
    );
    expect([...container.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      'North',
      'East',
      'West',
      'South',
    ]);
    // The colour names the region, whatever its figures (east and west have none here).
    for (const region of ['north', 'east', 'west', 'south'] as const)
      expect(fillOf(container, region)).toBe(REGION_COLORS.dark[region]);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/^Map of India by region/);
    // Each figure's row shows its region's colour beside the name.
    const swatches = [
      ...screen.getByRole('list', { name: REGION_LIST_LABEL }).querySelectorAll('button > span:first-child'),
    ];
    expect(swatches.map((s) => getComputedStyle(s).backgroundColor)).toEqual([
      REGION_COLORS.dark.north,
      REGION_COLORS.dark.south,
    ]);
  });

  it('lists the figures as buttons; focusing one highlights its region and shows its tooltip, blurring hides it', () => {
    const { container } = draw(regions);
    const list = screen.getByRole('list', { name: REGION_LIST_LABEL });
    const buttons = list.querySelectorAll('button');
    expect([...buttons].map((b) => b.querySelector('.name')?.textContent)).toEqual(['North', 'South']);
    expect(list.textContent).toContain('Growth \u22123.20%');
    fireEvent.focus(buttons[1]!);
    const tip = screen.getByTestId('region-tooltip');
    expect(tip.textContent).toBe('SouthUtilised ₹2.50 LGrowth \u22123.20%90+ overdue ₹4.50 K');
    expect(fillOf(container, 'south')).toBe(themes.dark.focus);
    fireEvent.blur(buttons[1]!);
    expect(screen.queryByTestId('region-tooltip')).toBeNull();
  });

  it('shows the tooltip of the region under the pointer', () => {
    const { container } = draw(regions);
    fireEvent.pointerMove(container.querySelector('path[data-region="north"]')!, { clientX: 10, clientY: 10 });
    expect(screen.getByTestId('region-tooltip').textContent).toContain('Utilised ₹1.50 C');
    fireEvent.pointerLeave(container.querySelector('path[data-region="north"]')!);
    expect(screen.queryByTestId('region-tooltip')).toBeNull();
  });

  it('while the figures load, shows the coloured outlines and a placeholder row per region', () => {
    const { container } = draw(undefined);
    expect(container.querySelectorAll('path[data-region]')).toHaveLength(4);
    for (const region of ['north', 'east', 'west', 'south'] as const)
      expect(fillOf(container, region)).toBe(REGION_COLORS.dark[region]);
    const list = screen.getByRole('list', { name: REGION_LIST_LABEL });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(list.querySelectorAll('li')).toHaveLength(4);
    expect(list.querySelectorAll('button')).toHaveLength(0);
  });
});
