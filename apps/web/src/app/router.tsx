import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { retryImport } from '../lib/chunk-retry';
import { LAYOUTS, type RouteHandle } from './layout-config';
import { RouteError } from './RouteError';
import { NotFound } from './routes-static';
import { Shell } from './Shell';

type PageModule = { default: ComponentType };

/** Lazy route: the page chunk loads with retries; a final failure reaches RouteError's reload panel. */
function page(load: () => Promise<PageModule>, handle: RouteHandle, path?: string): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    errorElement: <RouteError />,
    lazy: async () => {
      const module = await retryImport(load);
      return { Component: module.default };
    },
  };
}

const home = () => import('./routes/Home');
const register = () => import('./routes/Register');

// Lobby pages share the Lobby feature component, but each route is its own small chunk.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      page(home, LAYOUTS.home),
      page(home, LAYOUTS.home, 'index'),
      page(home, LAYOUTS.home, 'index.html'),
      page(home, LAYOUTS.home, 'home'),
      page(register, LAYOUTS.register, 'register'),
      page(register, LAYOUTS.register, 'register.html'),
      page(() => import('./routes/PointMall'), LAYOUTS.pointMall, 'pointMall'),
      page(() => import('./routes/Lottery'), LAYOUTS.headerOnly, 'lottery'),
      page(() => import('./routes/VnLottery'), LAYOUTS.vnlottery, 'vnlottery'),
      page(() => import('./routes/Elott'), LAYOUTS.lobby, 'elott'),
      page(() => import('./routes/Rng'), LAYOUTS.lobby, 'rng'),
      page(() => import('./routes/Pvp'), LAYOUTS.lobby, 'pvp'),
      page(() => import('./routes/Live'), LAYOUTS.lobby, 'live'),
      page(() => import('./routes/Fish'), LAYOUTS.lobby, 'fish'),
      page(() => import('./routes/Sports'), LAYOUTS.lobby, 'sports'),
      page(() => import('./routes/Esports'), LAYOUTS.lobby, 'esports'),
      page(() => import('./routes/Inhouse'), LAYOUTS.lobby, 'inhouse'),
      page(() => import('./routes/Pge'), LAYOUTS.lobby, 'pge'),
      page(() => import('./routes/Promotions'), LAYOUTS.promotions, 'promotions'),
      page(() => import('./routes/PromoDetail'), LAYOUTS.promotions, 'promoDetail'),
      page(() => import('./routes/Seamless'), LAYOUTS.seamless, 'seamless'),
      page(() => import('./routes/HelpCentre'), LAYOUTS.bare, 'helpmc'),
      page(() => import('./routes/Game'), LAYOUTS.headerOnly, 'game'),
      page(() => import('./routes/Help'), LAYOUTS.page, 'help'),
      page(() => import('./routes/Login'), LAYOUTS.headerOnly, 'login'),
      page(() => import('./routes/Download'), LAYOUTS.page, 'download'),
      { path: '*', element: <NotFound />, handle: LAYOUTS.page },
    ],
  },
];

export const router = createBrowserRouter(routes);
