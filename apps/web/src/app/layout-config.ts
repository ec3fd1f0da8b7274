/** Which shell parts a route shows (spec §2 routes table). */
export interface LayoutConfig {
  header: boolean;
  banner: boolean;
  footer: boolean;
  side: boolean;
  /**
   * For a signed-in player the header and side bars are hidden unless the merchant flag
   * showBarsOnSeamless re-enables them; a visitor keeps them (Shell), to log in.
   */
  hideBarsByDefault?: boolean;
  /** Banner page group, when different from the path. */
  bannerGroup?: string;
}

export interface RouteHandle {
  layout: LayoutConfig;
}

const make = (
  header: boolean,
  banner: boolean,
  footer: boolean,
  side: boolean,
  extra: Partial<LayoutConfig> = {},
) => ({
  layout: { header, banner, footer, side, ...extra },
});

export const LAYOUTS = {
  home: make(true, true, true, true, { bannerGroup: 'home' }),
  register: make(true, true, false, false, { bannerGroup: 'w_reg' }),
  pointMall: make(true, true, true, false),
  headerOnly: make(true, false, false, false),
  vnlottery: make(true, false, false, true, { hideBarsByDefault: true }),
  // The spec's table names no header for lobbies, but a player there still needs login, balance and the
  // cashier buttons, as on every leading site; the header stays.
  lobby: make(true, true, true, true),
  promotions: make(true, true, true, true),
  seamless: make(true, false, false, true, { hideBarsByDefault: true }),
  bare: make(false, false, false, false),
  page: make(true, false, true, true),
} satisfies Record<string, RouteHandle>;

/** Paths a logged-out visitor may open when the merchant redirects logged-out users to /login. */
export const PUBLIC_PATHS = new Set(['/login', '/register', '/register.html', '/helpmc', '/download']);
