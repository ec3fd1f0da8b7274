import type { ThemeConfig } from '@sorte/contracts';
import { create } from 'zustand';

export type ThemeMode = 'dark' | 'light';
const THEME_KEY = 'theme';

function readMode(): ThemeMode | null {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

interface ThemeState {
  /** null until the user picks one; the merchant's mode applies meanwhile. */
  mode: ThemeMode | null;
  setMode: (mode: ThemeMode) => void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  mode: readMode(),
  setMode: (mode) => {
    try {
      localStorage.setItem(THEME_KEY, mode);
    } catch {
      // ignore
    }
    set({ mode });
  },
}));

/** Palette for the mode the merchant did not design for. */
const LIGHT_BASE = { background: '#f3f5fb', surface: '#ffffff', text: '#141a2e' };
const DARK_BASE = { background: '#0b1020', surface: '#141b2f', text: '#e8ecf8' };

function hexToRgb(hex: string): string {
  const clean = hex.replace('#', '');
  const n = Number.parseInt(clean.length === 3 ? clean.replace(/(.)/g, '$1$1') : clean, 16);
  if (Number.isNaN(n)) return '124 92 255';
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

/**
 * CSS custom properties for the merchant theme in the given mode. Brand colours always apply;
 * background/surface/text apply only in the merchant's own mode so the other mode stays readable.
 */
export function themeVariables(theme: ThemeConfig, mode: ThemeMode): Record<string, string> {
  const base = mode === theme.mode ? theme : mode === 'light' ? LIGHT_BASE : DARK_BASE;
  return {
    '--c-primary': theme.primary,
    '--c-primary-rgb': hexToRgb(theme.primary),
    '--c-secondary': theme.secondary,
    '--c-secondary-rgb': hexToRgb(theme.secondary),
    '--c-accent': theme.accent,
    '--c-accent-rgb': hexToRgb(theme.accent),
    '--c-bg': base.background,
    '--c-bg-rgb': hexToRgb(base.background),
    '--c-surface': base.surface,
    '--c-surface-rgb': hexToRgb(base.surface),
    '--c-text': base.text,
    '--c-text-rgb': hexToRgb(base.text),
  };
}

export function applyTheme(theme: ThemeConfig, mode: ThemeMode): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(theme, mode)))
    root.style.setProperty(name, value);
  root.dataset.theme = mode;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute(
    'content',
    mode === theme.mode ? theme.background : mode === 'light' ? '#f3f5fb' : '#0b1020',
  );
}
