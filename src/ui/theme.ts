import { createGlobalStyle } from 'styled-components';

export type ThemeName = 'dark' | 'light';

/** Colours are picked for WCAG AA contrast (4.5:1 for text) on their own background. */
const dark = {
  name: 'dark' as ThemeName,
  background: '#0f1420',
  surface: '#182032',
  surfaceRaised: '#202a40',
  border: '#33405c',
  text: '#eef2f8',
  textMuted: '#b3bdd0',
  primary: '#7cb2ff',
  primaryText: '#0b1220',
  danger: '#ff8a8a',
  success: '#6fdc9c',
  warning: '#ffc46b',
  focus: '#ffd166',
};

const light: typeof dark = {
  name: 'light',
  background: '#f4f6fb',
  surface: '#ffffff',
  surfaceRaised: '#f9fafc',
  border: '#c9d1e0',
  text: '#141a26',
  textMuted: '#4a5568',
  primary: '#1d4ed8',
  primaryText: '#ffffff',
  danger: '#b42318',
  success: '#067647',
  warning: '#8a5a00',
  focus: '#b45309',
};

export const themes: Record<ThemeName, typeof dark> = { dark, light };
export type Theme = typeof dark;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

/** Theme choice in local storage: 'light', or empty for dark (the default), as the spec says. */
export const THEME_STORAGE_KEY = 'theme';
export function storedTheme(storage: Pick<Storage, 'getItem'>): ThemeName {
  return storage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  body {
    margin: 0;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif;
    font-size: 15px;
    line-height: 1.5;
    background: ${({ theme }) => theme.background};
    color: ${({ theme }) => theme.text};
  }
  a { color: ${({ theme }) => theme.primary}; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.focus}; outline-offset: 2px; }
  button, input, select, textarea { font: inherit; }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
