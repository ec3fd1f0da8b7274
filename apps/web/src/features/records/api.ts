import type {
  BetCategory,
  BetRecord,
  BetRecordsResponse,
  CrashRound,
  LotteryTicket,
  OriginalRound,
  PersonalProfitResponse,
  SportsBet,
  VendorRoundRecall,
  VnTicketView,
} from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../lib/api';
import { useSession } from '../../lib/session';

/** What the records screens filter by; both calls take the same filters. */
export interface RecordsFilters {
  category?: BetCategory;
  vendor?: string;
  dateFrom: string;
  dateTo: string;
}

export type ProfitGroup = 'day' | 'category' | 'vendor';

export const RECORDS_PAGE_SIZE = 10;

/** Keys scoped by the session token, so one player's rounds never show for the next. */
const recordsKeys = {
  scope: (token: string | null) => ['records', token] as const,
  history: (token: string | null, filters: RecordsFilters, pageNo: number, language: string) =>
    [...recordsKeys.scope(token), 'history', filters, pageNo, language] as const,
  profit: (token: string | null, filters: RecordsFilters, groupBy: ProfitGroup) =>
    [...recordsKeys.scope(token), 'profit', filters, groupBy] as const,
  recall: (token: string | null, path: string) => [...recordsKeys.scope(token), 'recall', path] as const,
};

function queryOf(filters: RecordsFilters): Record<string, string | undefined> {
  return {
    category: filters.category,
    vendor: filters.vendor,
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
  };
}

/**
 * personalHistoryCopy: one page of the player's rounds and the filtered range's totals. The rows
 * carry their games' names in the interface language, so a language switch reads the page again.
 */
export function useBetRecords(filters: RecordsFilters, pageNo: number) {
  const token = useSession((s) => s.token);
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: recordsKeys.history(token, filters, pageNo, language),
    queryFn: ({ signal }) =>
      apiGet<BetRecordsResponse>('/wps/member/records/personalHistoryCopy', {
        query: { ...queryOf(filters), pageNo, pageSize: RECORDS_PAGE_SIZE, language },
        signal,
      }),
    enabled: Boolean(token),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

/** personalProfit: the settled rounds summed per day, category or vendor. */
export function usePersonalProfit(filters: RecordsFilters, groupBy: ProfitGroup) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: recordsKeys.profit(token, filters, groupBy),
    queryFn: ({ signal }) =>
      apiGet<PersonalProfitResponse>('/wps/member/records/personalProfit', {
        query: { ...queryOf(filters), groupBy },
        signal,
      }),
    enabled: Boolean(token),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * The vendors the player has rounds with in the range (without the vendor filter itself), for the
 * vendor filter's choices: a vendor the player never played has nothing to show.
 */
export function usePlayedVendors(filters: RecordsFilters): string[] {
  const profit = usePersonalProfit({ ...filters, vendor: undefined }, 'vendor');
  return profit.data?.rows.map((row) => row.key) ?? [];
}

/** A round's recall as its game module answers it, by the kind the record names. */
export type RoundRecall =
  | { kind: 'originals'; round: OriginalRound }
  | { kind: 'crash'; round: CrashRound }
  | { kind: 'vendor'; round: VendorRoundRecall }
  | { kind: 'lottery'; round: LotteryTicket }
  | { kind: 'lottery_vn'; round: VnTicketView }
  | { kind: 'sportsbook'; round: SportsBet };

/**
 * The recall of a record's round. An in-house round still open (mines, hilo) has none yet: it is
 * stored for recall when it ends.
 */
export function useRoundRecall(record: BetRecord) {
  const token = useSession((s) => s.token);
  const recall = record.recall;
  const path = recall && !(recall.kind === 'originals' && record.status === 'open') ? recall.path : null;
  return useQuery({
    queryKey: recordsKeys.recall(token, path ?? ''),
    queryFn: async ({ signal }) =>
      ({ kind: recall?.kind, round: await apiGet(path ?? '', { signal }) }) as RoundRecall,
    enabled: Boolean(token && path),
    // A finished round never changes; an open one is read again when reopened.
    staleTime: record.status === 'open' ? 0 : Number.POSITIVE_INFINITY,
  });
}
