import { bannerArt } from '@sorte/contracts';
import type { BootData } from './modules/system/index.ts';

/**
 * Fills the placeholders the web build leaves in index.html: the boot data the SPA reads instead of
 * fetching it, and the static shell's brand and first banner, so the page paints (and the banner
 * image starts loading) before any JavaScript has run. React replaces the shell on its first render.
 */
export function renderIndexHtml(template: string, boot: BootData | null, pathname: string): string {
  if (!boot) return template;
  return template
    .replace(
      /<html([^>]*?) data-theme="[^"]*"/,
      (_all, attrs: string) => `<html${attrs} ${themeAttributes(boot)}`,
    )
    .replace(
      '<!--sorte:boot-->',
      () => `<script type="application/json" id="boot">${jsonForScript(boot)}</script>`,
    )
    .replace('<!--sorte:brand-->', () => brandHtml(boot))
    .replace('<!--sorte:hero-->', () => heroHtml(boot, pathname));
}

/** JSON that cannot close its <script> element or open a comment inside it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function hexToRgb(hex: string): string {
  const clean = hex.replace('#', '');
  const n = Number.parseInt(clean.length === 3 ? clean.replace(/(.)/g, '$1$1') : clean, 16);
  if (Number.isNaN(n)) return '124 92 255';
  return `${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255}`;
}

/**
 * The merchant's colours in its own mode, as the web's applyTheme sets them (lib/theme.ts), so the
 * shell paints in the brand's colours and React's first theme pass changes nothing.
 */
function themeAttributes({ whitelabel }: BootData): string {
  const { theme } = whitelabel;
  const vars: [string, string][] = [
    ['--c-primary', theme.primary],
    ['--c-secondary', theme.secondary],
    ['--c-accent', theme.accent],
    ['--c-bg', theme.background],
    ['--c-surface', theme.surface],
    ['--c-text', theme.text],
  ];
  const style = vars
    .filter(([, value]) => /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value))
    .map(([name, value]) => `${name}: ${value}; ${name}-rgb: ${hexToRgb(value)};`)
    .join(' ');
  return `data-theme="${theme.mode === 'light' ? 'light' : 'dark'}" style="${escapeHtml(style)}"`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function brandHtml({ whitelabel }: BootData): string {
  const name = escapeHtml(whitelabel.brandName);
  if (whitelabel.logoUrl)
    return `<span class="brand"><img class="brand__logo" src="${escapeHtml(whitelabel.logoUrl)}" alt="" height="32"></span>`;
  const mark = escapeHtml(whitelabel.brandName.slice(0, 1).toUpperCase());
  return `<span class="brand"><span class="brand__mark">${mark}</span><span class="brand__name">${name}</span></span>`;
}

/** Banner groups of the routes whose layout shows a banner, as the web names them (layout-config). */
const HERO_GROUPS: Record<string, string> = { '/': 'home', '/register': 'w_reg', '/register.html': 'w_reg' };

/** The web's banner-group spelling ('/', 'index' and 'home' are one group), from banner-groups.ts. */
const GROUP_ALIASES: Record<string, string> = {
  '': 'home',
  index: 'home',
  'index.html': 'home',
  register: 'w_reg',
  'register.html': 'w_reg',
  download: 'down',
};

function bannerGroupKey(name: string): string {
  const key = name.trim().replace(/^\//, '').toLowerCase();
  return GROUP_ALIASES[key] ?? key;
}

function heroHtml({ whitelabel, status }: BootData, pathname: string): string {
  const group = HERO_GROUPS[pathname];
  if (!group || status.status !== 0) return '';
  const first = whitelabel.banners.find((b) => bannerGroupKey(b.groupName) === group);
  if (!first) return '';
  // The reader's choice is not known before the script runs: the art in the merchant's default language.
  const art = bannerArt(first, whitelabel.defaultLanguage, whitelabel.defaultLanguage);
  // Same boxes as the web's Banner, so the real carousel lands exactly where this one was.
  return (
    '<section class="banner"><div class="banner__track"><div class="banner__slide">' +
    (art.image
      ? `<img src="${escapeHtml(art.image)}" alt="" fetchpriority="high" decoding="async">`
      : `<p class="banner__text">${escapeHtml(art.text)}</p>`) +
    '</div></div></section>'
  );
}
