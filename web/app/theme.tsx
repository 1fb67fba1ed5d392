import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

// SPEC §1: a dark-mode setting, default off; it persists across reloads in this browser.
const KEY = 'sidasek.darkMode';

interface ThemeState {
  dark: boolean;
  setDark(dark: boolean): void;
}

const ThemeContext = createContext<ThemeState>({ dark: false, setDark: () => {} });

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState(() => localStorage.getItem(KEY) === '1');
  useEffect(() => {
    localStorage.setItem(KEY, dark ? '1' : '0');
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return <ThemeContext.Provider value={{ dark, setDark }}>{children}</ThemeContext.Provider>;
}

export const useThemeMode = () => useContext(ThemeContext);
