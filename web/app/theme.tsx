import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

// SPEC §1: a dark-mode setting, default off; it persists across reloads in this browser.
const KEY = 'sidasek.darkMode';

interface ThemeState {
  dark: boolean;
  setDark(dark: boolean): void;
  /** The device asks for less motion (prefers-reduced-motion): antd's opening and closing animations are off. */
  reducedMotion: boolean;
}

const ThemeContext = createContext<ThemeState>({ dark: false, setDark: () => {}, reducedMotion: false });

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the device asks for less motion now (for code outside React). */
export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION).matches;

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(REDUCED_MOTION);
    const changed = () => setReduced(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return reduced;
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState(() => localStorage.getItem(KEY) === '1');
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    localStorage.setItem(KEY, dark ? '1' : '0');
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return <ThemeContext.Provider value={{ dark, setDark, reducedMotion }}>{children}</ThemeContext.Provider>;
}

export const useThemeMode = () => useContext(ThemeContext);
