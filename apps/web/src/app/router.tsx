import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { isChunkLoadError, retryImport } from '../lib/chunk-retry';
import { registerSettingQuery } from '../features/auth/register-setting';
import { i18next } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import type { RoutePath } from '../lib/route-table';
import { LAYOUTS, type RouteHandle } from './layout-config';
import { PageLoader } from './PageLoader';
import { ChunkLoadFailed, RouteError } from './RouteError';
import { NotFound } from './routes-static';
import { Shell } from './Shell';

type PageModule = { default: ComponentType };

const PREFETCH_WAIT_MS = 2500;
const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Lazy route: the page chunk loads with retries; a final failure shows the translated reload panel. */
function page(
  load: () => Promise<PageModule>,
  handle: RouteHandle,
  path?: Exclude<RoutePath, ''>,
  namespaces: string[] = [],
  prefetch?: () => Promise<unknown>,
): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    errorElement: <RouteError />,
    lazy: async () => {
      // The page's string tables load in parallel with its code, so it renders without a second wait.
      const strings = i18next.loadNamespaces(namespaces).catch(() => undefined);
      // So is the data its first render needs, when that is known (bounded: the page shows its own loading).
      const data = prefetch
        ? Promise.race([prefetch().catch(() => undefined), delay(PREFETCH_WAIT_MS)])
        : null;
      try {
        const [module] = await Promise.all([retryImport(load), strings, data]);
        return { Component: module.default };
      } catch (error) {
        // React Router keeps a route whose lazy() rejected in its "still loading" state and renders
        // nothing, so a chunk that failed after the retries resolves to the reload panel instead.
        if (isChunkLoadError(error)) return { Component: ChunkLoadFailed };
        throw error;
      }
    },
  };
}

const HOME_NS = ['home'];
const GAMES_NS = ['games'];
const PAGES_NS = ['pages'];
const PROMOTIONS_NS = ['pages', 'promotions'];
const HELP_NS = ['help'];
const REGISTER_NS = ['auth', 'promotions'];
const SPORTSBOOK_NS = ['sportsbook'];

const home = () => import('./routes/Home');
const register = () => import('./routes/Register');
// The registration form is built from its settings; with them in hand it renders whole, in the
// router's (interruptible) transition, instead of as one long task when they arrive later.
const registerSetting = () => queryClient.prefetchQuery(registerSettingQuery);

// Lobby pages share the Lobby feature component, but each route is its own small chunk.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      page(home, LAYOUTS.home, undefined, HOME_NS),
      page(home, LAYOUTS.home, 'index', HOME_NS),
      page(home, LAYOUTS.home, 'index.html', HOME_NS),
      page(home, LAYOUTS.home, 'home', HOME_NS),
      page(register, LAYOUTS.register, 'register', REGISTER_NS, registerSetting),
      page(register, LAYOUTS.register, 'register.html', REGISTER_NS, registerSetting),
      page(() => import('./routes/PointMall'), LAYOUTS.pointMall, 'pointMall', PAGES_NS),
      page(() => import('./routes/Lottery'), LAYOUTS.headerOnly, 'lottery', ['pages', 'games', 'lottery']),
      page(() => import('./routes/VnLottery'), LAYOUTS.vnlottery, 'vnlottery', ['vnlottery']),
      page(() => import('./routes/Elott'), LAYOUTS.lobby, 'elott', [...GAMES_NS, 'lottery']),
      page(() => import('./routes/Rng'), LAYOUTS.lobby, 'rng', GAMES_NS),
      page(() => import('./routes/Pvp'), LAYOUTS.lobby, 'pvp', GAMES_NS),
      page(() => import('./routes/Live'), LAYOUTS.lobby, 'live', GAMES_NS),
      page(() => import('./routes/Fish'), LAYOUTS.lobby, 'fish', GAMES_NS),
      page(() => import('./routes/Sports'), LAYOUTS.lobby, 'sports', SPORTSBOOK_NS),
      page(() => import('./routes/Esports'), LAYOUTS.lobby, 'esports', SPORTSBOOK_NS),
      page(() => import('./routes/SportsEvent'), LAYOUTS.page, 'sports/event/:id', SPORTSBOOK_NS),
      page(() => import('./routes/EsportsEvent'), LAYOUTS.page, 'esports/event/:id', SPORTSBOOK_NS),
      page(() => import('./routes/Inhouse'), LAYOUTS.lobby, 'inhouse', GAMES_NS),
      page(() => import('./routes/InhouseDice'), LAYOUTS.page, 'inhouse/dice', ['originals']),
      page(() => import('./routes/InhouseLimbo'), LAYOUTS.page, 'inhouse/limbo', ['originals']),
      page(() => import('./routes/InhouseWheel'), LAYOUTS.page, 'inhouse/wheel', ['originals']),
      page(() => import('./routes/InhousePlinko'), LAYOUTS.page, 'inhouse/plinko', ['originals']),
      page(() => import('./routes/InhouseKeno'), LAYOUTS.page, 'inhouse/keno', ['originals']),
      page(() => import('./routes/InhouseMines'), LAYOUTS.page, 'inhouse/mines', ['originals']),
      page(() => import('./routes/InhouseHilo'), LAYOUTS.page, 'inhouse/hilo', ['originals']),
      page(() => import('./routes/InhouseCrash'), LAYOUTS.page, 'inhouse/crash', ['originals']),
      page(() => import('./routes/InhouseCarnaval'), LAYOUTS.page, 'inhouse/carnaval', ['originals', 'slot']),
      page(() => import('./routes/Verify'), LAYOUTS.page, 'verify', ['originals']),
      page(() => import('./routes/Pge'), LAYOUTS.lobby, 'pge', GAMES_NS),
      page(() => import('./routes/Promotions'), LAYOUTS.promotions, 'promotions', PROMOTIONS_NS),
      page(() => import('./routes/PromoDetail'), LAYOUTS.promotions, 'promoDetail', PROMOTIONS_NS),
      page(() => import('./routes/Seamless'), LAYOUTS.seamless, 'seamless', GAMES_NS),
      page(() => import('./routes/HelpCentre'), LAYOUTS.bare, 'helpmc', HELP_NS),
      page(() => import('./routes/Game'), LAYOUTS.headerOnly, 'game', GAMES_NS),
      page(() => import('./routes/Help'), LAYOUTS.page, 'help', HELP_NS),
      page(() => import('./routes/Login'), LAYOUTS.headerOnly, 'login', ['pages', 'auth']),
      page(() => import('./routes/Download'), LAYOUTS.page, 'download', ['pages', 'download']),
      { path: '*' satisfies RoutePath, element: <NotFound />, handle: LAYOUTS.page },
    ],
  },
];

/** Created by main.tsx once the modules have evaluated; creating it starts the first page's code and strings. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
