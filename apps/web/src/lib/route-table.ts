/**
 * Every address the web app answers, as a table: the paths of the router (app/router.tsx takes its
 * `path` arguments from RoutePath, so a route cannot be added without joining this list) and the
 * modals a URL opens (`?modal=`, lib/modal-url.ts). The direct-load sweep (e2e/routes-sweep.ts) holds
 * a sample address for each entry, typed against these lists, so a new route is swept from the start.
 * '' is the index route; '*' the not-found page.
 */
export const ROUTE_PATHS = [
  '',
  'index',
  'index.html',
  'home',
  'register',
  'register.html',
  'pointMall',
  'lottery',
  'vnlottery',
  'elott',
  'rng',
  'pvp',
  'live',
  'fish',
  'sports',
  'esports',
  'sports/event/:id',
  'esports/event/:id',
  'inhouse',
  'inhouse/dice',
  'inhouse/limbo',
  'inhouse/wheel',
  'inhouse/plinko',
  'inhouse/keno',
  'inhouse/mines',
  'inhouse/hilo',
  'inhouse/crash',
  'inhouse/carnaval',
  'verify',
  'pge',
  'promotions',
  'promoDetail',
  'seamless',
  'helpmc',
  'game',
  'help',
  'login',
  'download',
  '*',
] as const;

export type RoutePath = (typeof ROUTE_PATHS)[number];

/** Names ModalHost knows how to render (`?modal=<name>`). Unknown names are ignored. */
export const MODAL_NAMES = [
  'login',
  'register',
  'registerSuccess',
  'changePassword',
  'forgotPassword',
  'resetPassword',
  'notice',
  'download',
  'help',
  'member',
  'agent',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];
