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

/** WCAG relative luminance of an sRGB colour ('#rrggbb' or '#rgb'). */
function luminance(hex: string): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex).split(' ').map(Number) as [number, number, number];
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours, 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast body text needs (WCAG AA). */
const READABLE = 4.5;

/**
 * The accent as text on a surface: the accent itself when it reads there (a gold on a dark header),
 * else the accent darkened (or lightened) step by step until it does — the brand's hue, readable on a
 * white header, where the gold balance could not be read.
 */
export function readableAccent(accent: string, surface: string): string {
  if (contrastRatio(accent, surface) >= READABLE) return accent;
  const toward = luminance(surface) > 0.5 ? 0 : 255;
  const [r, g, b] = hexToRgb(accent).split(' ').map(Number) as [number, number, number];
  const hex = (c: number) => Math.round(c).toString(16).padStart(2, '0');
  for (let step = 1; step <= 20; step += 1) {
    const k = step / 20;
    const mix = (c: number) => c + (toward - c) * k;
    const candidate = `#${hex(mix(r))}${hex(mix(g))}${hex(mix(b))}`;
    if (contrastRatio(candidate, surface) >= READABLE) return candidate;
  }
  return toward === 0 ? '#000000' : '#ffffff';
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
    '--c-accent-ink': readableAccent(theme.accent, base.surface),
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
