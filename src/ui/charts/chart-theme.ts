import type { Theme } from '../theme';

/** The system font stack of the global style, so chart text matches the page. */
export const CHART_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";

/** The series colours, in order, from the app theme (each meets AA contrast on the theme's surfaces). */
function chartPalette(theme: Theme): string[] {
  return [theme.primary, theme.success, theme.warning, theme.danger, theme.textMuted];
}

function axisDefaults(theme: Theme) {
  return {
    axisLine: { lineStyle: { color: theme.border } },
    axisTick: { lineStyle: { color: theme.border } },
    axisLabel: { color: theme.textMuted, fontFamily: CHART_FONT },
    nameTextStyle: { color: theme.textMuted },
    splitLine: { lineStyle: { color: theme.border, opacity: 0.6 } },
  };
}

/** What an ECharts theme object holds (ECharts types it as a loose dictionary). */
export type ChartThemeObject = Record<string, unknown>;

/**
 * An ECharts theme built from the styled-components theme: text, axes, legend and tooltip take the app's colours,
 * the background stays transparent (the chart sits on the page's own surface), and animation is off when the user
 * prefers reduced motion. Passed to `init` and to `setTheme` when the app theme changes, so every option picks the
 * colours up without naming them.
 */
export function chartTheme(theme: Theme, reducedMotion = false): ChartThemeObject {
  return {
    darkMode: theme.name === 'dark',
    color: chartPalette(theme),
    backgroundColor: 'transparent',
    textStyle: { color: theme.text, fontFamily: CHART_FONT },
    title: { textStyle: { color: theme.text }, subtextStyle: { color: theme.textMuted } },
    legend: { textStyle: { color: theme.text }, inactiveColor: theme.border },
    tooltip: {
      backgroundColor: theme.surfaceRaised,
      borderColor: theme.border,
      textStyle: { color: theme.text, fontFamily: CHART_FONT },
      axisPointer: {
        lineStyle: { color: theme.textMuted },
        crossStyle: { color: theme.textMuted },
        shadowStyle: { color: 'rgba(127,127,127,0.15)' },
      },
    },
    axisPointer: {
      lineStyle: { color: theme.textMuted },
      label: { backgroundColor: theme.surfaceRaised, color: theme.text },
    },
    categoryAxis: axisDefaults(theme),
    valueAxis: axisDefaults(theme),
    timeAxis: axisDefaults(theme),
    logAxis: axisDefaults(theme),
    line: { symbol: 'circle', symbolSize: 7 },
    ...(reducedMotion ? { animation: false } : {}),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML tooltip (ECharts inserts formatter output as HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
