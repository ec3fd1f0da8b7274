import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Layout } from './components/Layout';
import { setSessionLostHandler } from './lib/api';
import { queryClient } from './lib/query-client';
import { setSession, setSessionNotice } from './lib/session';
import { SignInPage } from './pages/SignIn';

/** Each section's code loads when first opened; sign-in and the frame ship in the entry chunk. */
const router = createBrowserRouter(
  [
    { path: '/signin', element: <SignInPage /> },
    { path: '/activate', lazy: async () => ({ Component: (await import('./pages/Activate')).ActivatePage }) },
    { path: '/enroll', lazy: async () => ({ Component: (await import('./pages/Enroll')).EnrollPage }) },
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, lazy: async () => ({ Component: (await import('./pages/Home')).HomePage }) },
        { path: 'cashier', lazy: async () => ({ Component: (await import('./pages/Cashier')).CashierPage }) },
        { path: 'members', lazy: async () => ({ Component: (await import('./pages/Members')).MembersPage }) },
        { path: 'agents', lazy: async () => ({ Component: (await import('./pages/Agents')).AgentsPage }) },
        {
          path: 'members/:id',
          lazy: async () => ({ Component: (await import('./pages/MemberDetail')).MemberDetailPage }),
        },
        {
          path: 'channels',
          lazy: async () => ({ Component: (await import('./pages/Channels')).ChannelsPage }),
        },
        { path: 'audit', lazy: async () => ({ Component: (await import('./pages/Audit')).AuditPage }) },
        { path: 'ledger', lazy: async () => ({ Component: (await import('./pages/Ledger')).LedgerPage }) },
        {
          path: 'reports',
          lazy: async () => ({ Component: (await import('./pages/Reports')).ReportsPage }),
        },
        { path: 'games', lazy: async () => ({ Component: (await import('./pages/Games')).GamesPage }) },
        { path: 'lottery', lazy: async () => ({ Component: (await import('./pages/Lottery')).LotteryPage }) },
        { path: 'abuse', lazy: async () => ({ Component: (await import('./pages/Abuse')).AbusePage }) },
        {
          path: 'activities',
          lazy: async () => ({ Component: (await import('./pages/Activities')).ActivitiesPage }),
        },
        {
          path: 'promotions',
          lazy: async () => ({ Component: (await import('./pages/Promotions')).PromotionsPage }),
        },
        {
          path: 'points',
          lazy: async () => ({ Component: (await import('./pages/PointsMall')).PointsMallPage }),
        },
        {
          path: 'sportsbook',
          lazy: async () => ({ Component: (await import('./pages/Sportsbook')).SportsbookPage }),
        },
        {
          path: 'sportsbook/events/:id',
          lazy: async () => ({ Component: (await import('./pages/sportsbook/EventDetail')).SportsEventPage }),
        },
        {
          path: 'operators',
          lazy: async () => ({ Component: (await import('./pages/Operators')).OperatorsPage }),
        },
        {
          path: 'settings',
          lazy: async () => ({ Component: (await import('./pages/SiteSettings')).SiteSettingsPage }),
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/backoffice' },
);

// The server refused the token (expired, signed out elsewhere, operator disabled): start over at sign-in.
setSessionLostHandler(() => {
  setSessionNotice('expired');
  setSession(null);
  queryClient.clear();
  void router.navigate('/signin', { replace: true });
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
