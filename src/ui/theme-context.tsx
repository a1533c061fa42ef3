import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, storedTheme, THEME_STORAGE_KEY, themes, type ThemeName } from './theme';

interface ThemeChoice {
  theme: ThemeName;
  toggle: () => void;
}

const ThemeChoiceContext = createContext<ThemeChoice | null>(null);

/** Dark by default; the choice is kept in local storage as 'light' or '' (dark), as the spec says. */
export function ThemeChoiceProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<ThemeName>(() => storedTheme(window.localStorage));
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      window.localStorage.setItem(THEME_STORAGE_KEY, next === 'light' ? 'light' : '');
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, toggle }), [theme, toggle]);
  return (
    <ThemeChoiceContext.Provider value={value}>
      <ThemeProvider theme={themes[theme]}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeChoiceContext.Provider>
  );
}

export function useThemeChoice(): ThemeChoice {
  const value = useContext(ThemeChoiceContext);
  if (!value) throw new Error('useThemeChoice outside ThemeChoiceProvider');
  return value;
}
