import type {
  LotteryBetRequest,
  LotteryDraw,
  LotteryGame,
  LotteryGameDetail,
  LotteryOrder,
  LotteryTicket,
  LotteryTicketStatus,
} from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost } from '../../lib/api';
import { useSession } from '../../lib/session';

/** How many drawn draws the results strip and the trend panel read. */
export const TREND_DRAWS = 30;
export const TICKETS_PAGE_SIZE = 10;

export interface TicketFilter {
  status?: LotteryTicketStatus;
  gameCode?: string;
  pageNo: number;
}

/** Game data is the merchant's and the same for everyone; tickets are scoped by the session token. */
export const lotteryKeys = {
  all: ['lottery'] as const,
  /** Keyed by language too: the names come in the asked language (Accept-Language). */
  games: (token: string | null, language: string) => ['lottery', 'games', token, language] as const,
  game: (gameCode: string, token: string | null) => ['lottery', 'game', gameCode, token] as const,
  draws: (gameCode: string) => ['lottery', 'draws', gameCode] as const,
  draw: (gameCode: string, drawNo: string) => ['lottery', 'draw', gameCode, drawNo] as const,
  tickets: (token: string | null) => ['lottery', 'tickets', token] as const,
  ticketPage: (token: string | null, filter: TicketFilter) => ['lottery', 'tickets', token, filter] as const,
  ticket: (token: string | null, id: string) => ['lottery', 'tickets', token, 'one', id] as const,
};

/** A list answered bare or as `{ list }`: the player routes answer lists in the `{ list }` envelope. */
function listOf<T>(value: T[] | { list: T[] }): T[] {
  return Array.isArray(value) ? value : value.list;
}

export function fetchGames(signal?: AbortSignal): Promise<LotteryGame[]> {
  return apiGet<LotteryGame[] | { list: LotteryGame[] }>('/wps/lottery/games', { signal }).then(listOf);
}

export function fetchGame(gameCode: string, signal?: AbortSignal): Promise<LotteryGameDetail> {
  return apiGet<LotteryGameDetail>(`/wps/lottery/games/${encodeURIComponent(gameCode)}`, { signal });
}

export function fetchDraws(gameCode: string, count: number, signal?: AbortSignal): Promise<LotteryDraw[]> {
  return apiGet<LotteryDraw[] | { list: LotteryDraw[] }>(
    `/wps/lottery/games/${encodeURIComponent(gameCode)}/draws`,
    { query: { count }, signal },
  ).then(listOf);
}

export function fetchDraw(gameCode: string, drawNo: string, signal?: AbortSignal): Promise<LotteryDraw> {
  return apiGet<LotteryDraw>(
    `/wps/lottery/games/${encodeURIComponent(gameCode)}/draws/${encodeURIComponent(drawNo)}`,
    { signal },
  );
}

export interface TicketPage {
  list: LotteryTicket[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  total: number;
}

export function fetchTickets(filter: TicketFilter, signal?: AbortSignal): Promise<TicketPage> {
  return apiGet<TicketPage>('/wps/lottery/tickets', {
    query: {
      pageNo: filter.pageNo,
      pageSize: TICKETS_PAGE_SIZE,
      status: filter.status,
      gameCode: filter.gameCode,
    },
    signal,
  });
}

export function fetchTicket(id: string, signal?: AbortSignal): Promise<LotteryTicket> {
  return apiGet<LotteryTicket>(`/wps/lottery/tickets/${encodeURIComponent(id)}`, { signal });
}

export function postBet(body: LotteryBetRequest): Promise<LotteryOrder> {
  return apiPost<LotteryOrder>('/wps/lottery/bets', body);
}

/** The merchant's fast games with their open draw (polled: the lobby's countdowns roll over). */
export function useLotteryGames() {
  const token = useSession((s) => s.token);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: lotteryKeys.games(token, i18n.language),
    queryFn: ({ signal }) => fetchGames(signal),
    staleTime: 5_000,
    refetchInterval: 30_000,
  });
}

/** A fast game's name in the reader's language (the lottery catalog's), its code until the list arrives. */
export function useLotteryGameName(gameCode: string): string {
  const games = useLotteryGames();
  return games.data?.find((g) => g.gameCode === gameCode)?.name ?? gameCode;
}

export function useLotteryGame(gameCode: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.game(gameCode, token),
    queryFn: ({ signal }) => fetchGame(gameCode, signal),
    staleTime: 2_000,
    refetchInterval: 30_000,
  });
}

export function useLotteryDraws(gameCode: string) {
  return useQuery({
    queryKey: lotteryKeys.draws(gameCode),
    queryFn: ({ signal }) => fetchDraws(gameCode, TREND_DRAWS, signal),
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}

export function useLotteryDraw(gameCode: string, drawNo: string | null) {
  return useQuery({
    queryKey: lotteryKeys.draw(gameCode, drawNo ?? ''),
    queryFn: ({ signal }) => fetchDraw(gameCode, drawNo ?? '', signal),
    enabled: Boolean(drawNo),
    staleTime: 10_000,
  });
}

/** The player's tickets; polled while one on screen is still pending (a fallback to the push). */
export function useLotteryTickets(filter: TicketFilter) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.ticketPage(token, filter),
    queryFn: ({ signal }) => fetchTickets(filter, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((ticket) => ticket.status === 'pending') ? 5_000 : false,
  });
}

export function useLotteryTicket(id: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.ticket(token, id),
    queryFn: ({ signal }) => fetchTicket(id, signal),
    enabled: Boolean(token),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5_000 : false),
  });
}
