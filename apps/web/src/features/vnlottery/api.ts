import type { VnBetRequest, VnDrawView, VnMenuView, VnTicketView } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { clockOffsetMs } from '../../lib/server-clock';
import { useSession } from '../../lib/session';
import { useWhitelabel } from '../../lib/whitelabel';

export type { VnDrawView, VnMenuView, VnTicketView };
export type VnMenuRegion = VnMenuView['regions'][number];
export type VnMenuProvince = VnMenuRegion['provinces'][number];
export type VnMenuBetType = VnMenuRegion['betTypes'][number];

export interface VnTicketsPage {
  list: VnTicketView[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export interface VnBetAnswer {
  drawId: string;
  stakeMinor: number;
  tickets: VnTicketView[];
}

export const vnKeys = {
  all: ['vnlottery'] as const,
  menu: (prizeMode: string) => ['vnlottery', 'menu', prizeMode] as const,
  opened: ['vnlottery', 'opened'] as const,
  draw: (id: string) => ['vnlottery', 'draw', id] as const,
  tickets: (token: string | null, pageNo: number) => ['vnlottery', 'tickets', token, pageNo] as const,
  ticket: (token: string | null, id: string) => ['vnlottery', 'ticket', token, id] as const,
};

/** The menu with how far the server's clock is from this browser's, so countdowns close when the server does. */
export interface VnMenuWithClock {
  menu: VnMenuView;
  offsetMs: number;
}

/** GET the lobby menu, noting when it was asked and answered to place its `serverTime` in the round trip. */
async function fetchMenu(prizeMode: string, device: string, signal?: AbortSignal): Promise<VnMenuWithClock> {
  const sentAt = Date.now();
  const menu = await apiGet<VnMenuView>('/lgw/vn/games/game_menu', { query: { prizeMode, device }, signal });
  return { menu, offsetMs: clockOffsetMs(menu.serverTime, Date.now(), sentAt) };
}

export function useVnMenu() {
  const { prizeMode, device } = useWhitelabel();
  return useQuery({
    queryKey: vnKeys.menu(prizeMode),
    queryFn: ({ signal }) => fetchMenu(prizeMode, device || 'WEB', signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** The latest settled results, newest first (the spec's numeros list, count 100). */
export function useVnOpened() {
  return useQuery({
    queryKey: vnKeys.opened,
    queryFn: ({ signal }) =>
      apiGet<VnDrawView[]>('/lgw/vn/numeros/opened/game', { query: { count: 100 }, signal }),
    staleTime: 60_000,
  });
}

export function useVnDraw(id: string | null) {
  return useQuery({
    queryKey: vnKeys.draw(id ?? ''),
    queryFn: ({ signal }) => apiGet<VnDrawView>(`/wps/lottery/vn/draws/${id}`, { signal }),
    enabled: Boolean(id),
    staleTime: 30_000,
  });
}

export const TICKETS_PAGE_SIZE = 20;

export function useVnTickets(pageNo: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: vnKeys.tickets(token, pageNo),
    queryFn: ({ signal }) =>
      apiGet<VnTicketsPage>('/wps/lottery/vn/tickets', {
        query: { pageNo, pageSize: TICKETS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function useVnTicket(id: string | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: vnKeys.ticket(token, id ?? ''),
    queryFn: ({ signal }) => apiGet<VnTicketView>(`/wps/lottery/vn/tickets/${id}`, { signal }),
    enabled: Boolean(token && id),
  });
}

export function postVnBet(body: VnBetRequest): Promise<VnBetAnswer> {
  return apiPost<VnBetAnswer>('/wps/lottery/vn/bets', body);
}
