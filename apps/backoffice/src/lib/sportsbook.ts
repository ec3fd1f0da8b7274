import type {
  BoSportsLimits,
  BoSportsLimitsUpdate,
  SPORTS_MARKET_TYPES as MarketTypes,
  SPORTS_MAX_MARGIN_BPS,
  SportsSport,
} from '@sorte/contracts';
import { formatDecimalOdds, minorToInput } from '@sorte/money';
import { parseAmountInput } from './money-input';
import { bpToPercentInput, percentInputToBp } from './rebate-rates';

/**
 * The feed's sports (contracts SPORTS_SPORTS), listed here because that file brings zod into the
 * bundle; the types below fail to compile when the two lists differ.
 */
export const SPORTS_SPORTS = ['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const;
export type Sport = (typeof SPORTS_SPORTS)[number];
const sameSports: [Exclude<SportsSport, Sport>, Exclude<Sport, SportsSport>] extends [never, never]
  ? true
  : false = true;
void sameSports;

/** The market types the book offers (contracts SPORTS_MARKET_TYPES), listed here for the same reason. */
export const SPORTS_MARKET_TYPES = [
  '1x2',
  'double_chance',
  'draw_no_bet',
  'asian_handicap',
  'total',
  'btts',
  'correct_score',
  'ht_ft',
  'winner',
  'handicap',
  'set_winner',
  'set_handicap',
  'total_sets',
  'correct_set_score',
  'map_winner',
  'map_handicap',
  'total_maps',
  'correct_map_score',
] as const;
export type MarketType = (typeof SPORTS_MARKET_TYPES)[number];
type ContractMarketType = (typeof MarketTypes)[number];
const sameMarkets: [
  Exclude<ContractMarketType, MarketType>,
  Exclude<MarketType, ContractMarketType>,
] extends [never, never]
  ? true
  : false = true;
void sameMarkets;

/** The highest margin per sport (contracts SPORTS_MAX_MARGIN_BPS, 50 %); the type fails when they differ. */
export const MAX_MARGIN_BPS: typeof SPORTS_MAX_MARGIN_BPS = 5_000;

/** Odds in thousandths as the operator reads them: 1850 → "1.85"; none → "—". */
export function oddsText(odds: number | null): string {
  return odds === null ? '—' : formatDecimalOdds(odds);
}

/** The limits form as typed: amounts in the locale's notation, the delay in seconds, '' for "none". */
export interface LimitsDraft {
  minStake: string;
  maxStake: string;
  maxPayout: string;
  delaySeconds: string;
  bigStake: string;
  bigReturn: string;
  sports: Record<Sport, StakeAndPayoutDraft>;
  markets: Record<MarketType, StakeAndPayoutDraft>;
  /** `row` keys the form's line (stable while lines are added and removed). */
  players: Array<{ row: number; account: string; maxStake: string }>;
  /** Liability caps per outcome: '' for every sport / every market type. */
  caps: Array<{ row: number; sport: Sport | ''; market: MarketType | ''; maxLiability: string }>;
  /** The margin on each sport's feed odds, a percent as typed ('' for none). */
  margins: Record<Sport, string>;
}
type StakeAndPayoutDraft = { maxStake: string; maxPayout: string };
type StakeAndPayout = { maxStakeMinor: number | null; maxPayoutMinor: number | null };

/** One empty-able stake and payout pair per key, as typed. */
function pairsDraft<K extends string>(
  keys: readonly K[],
  stored: Map<K, StakeAndPayout>,
  amount: (minor: number | null) => string,
): Record<K, StakeAndPayoutDraft> {
  return Object.fromEntries(
    keys.map((key) => [
      key,
      {
        maxStake: amount(stored.get(key)?.maxStakeMinor ?? null),
        maxPayout: amount(stored.get(key)?.maxPayoutMinor ?? null),
      },
    ]),
  ) as Record<K, StakeAndPayoutDraft>;
}

export function limitsDraftOf(stored: BoSportsLimits, currency: string, locale: string): LimitsDraft {
  const amount = (minor: number | null) =>
    minor === null ? '' : minorToInput(BigInt(minor), currency, locale);
  const bySport = new Map(stored.sports.map((s) => [s.sport, s]));
  const margins = new Map(stored.margins.map((m) => [m.sport, m.marginBps]));
  return {
    minStake: amount(stored.minStakeMinor),
    maxStake: amount(stored.maxStakeMinor),
    maxPayout: amount(stored.maxPayoutMinor),
    delaySeconds: String(stored.betDelayMs / 1000),
    bigStake: amount(stored.bigStakeMinor),
    bigReturn: amount(stored.bigReturnMinor),
    sports: pairsDraft(SPORTS_SPORTS, bySport, amount),
    markets: pairsDraft(SPORTS_MARKET_TYPES, new Map(stored.markets.map((m) => [m.market, m])), amount),
    players: stored.players.map((p, row) => ({ row, account: p.account, maxStake: amount(p.maxStakeMinor) })),
    caps: stored.liabilityCaps.map((c, row) => ({
      row,
      sport: c.sport ?? '',
      market: c.market ?? '',
      maxLiability: amount(c.maxLiabilityMinor),
    })),
    margins: Object.fromEntries(
      SPORTS_SPORTS.map((sport) => {
        const bps = margins.get(sport) ?? 0;
        return [sport, bps === 0 ? '' : bpToPercentInput(bps, locale)];
      }),
    ) as Record<Sport, string>,
  };
}

type Parsed = { update: BoSportsLimitsUpdate } | { invalid: string };

/**
 * The form as the API's update — only what differs from what is stored — or the first field that
 * does not read (its name: 'minStake', 'sports.football.maxStake', 'players.2.maxStake', …). Amounts
 * go through @sorte/money (never a float); an empty per-sport field means "the merchant's limit"; the
 * delay is whole or tenths of seconds from 0 to 60; a player dropped from the list is removed; a
 * margin is a percent (empty or 0: none), sent in basis points.
 */
export function parseLimitsDraft(
  draft: LimitsDraft,
  stored: BoSportsLimits,
  currency: string,
  locale: string,
): Parsed {
  const required = (text: string) => {
    const parsed = parseAmountInput(text, currency, locale);
    return parsed.ok ? parsed.minor : null;
  };
  const optional = (text: string): number | null | undefined => {
    if (text.trim() === '') return null;
    const parsed = parseAmountInput(text, currency, locale);
    return parsed.ok ? parsed.minor : undefined;
  };
  const update: BoSportsLimitsUpdate = {};
  const fields = [
    ['minStake', 'minStakeMinor'],
    ['maxStake', 'maxStakeMinor'],
    ['maxPayout', 'maxPayoutMinor'],
    ['bigStake', 'bigStakeMinor'],
    ['bigReturn', 'bigReturnMinor'],
  ] as const;
  for (const [field, key] of fields) {
    const minor = required(draft[field]);
    if (minor === null) return { invalid: field };
    if (minor !== stored[key]) update[key] = minor;
  }
  if ((update.minStakeMinor ?? stored.minStakeMinor) > (update.maxStakeMinor ?? stored.maxStakeMinor))
    return { invalid: 'minStake' };
  const delay = draft.delaySeconds.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d)?$/.test(delay) && delay !== '60') return { invalid: 'delaySeconds' };
  const [whole, tenth = '0'] = delay.split('.');
  const delayMs = Number(whole) * 1000 + Number(tenth) * 100;
  if (delayMs > 60_000) return { invalid: 'delaySeconds' };
  if (delayMs !== stored.betDelayMs) update.betDelayMs = delayMs;

  /** The pairs that changed, or the first field that does not read (`${prefix}.${key}.${field}`). */
  const changedPairs = <K extends string>(
    prefix: 'sports' | 'markets',
    keys: readonly K[],
    typed: Record<K, StakeAndPayoutDraft>,
    was: Map<K, StakeAndPayout>,
  ): Array<{ key: K } & StakeAndPayout> | string => {
    const changed: Array<{ key: K } & StakeAndPayout> = [];
    for (const key of keys) {
      const maxStakeMinor = optional(typed[key].maxStake);
      if (maxStakeMinor === undefined) return `${prefix}.${key}.maxStake`;
      const maxPayoutMinor = optional(typed[key].maxPayout);
      if (maxPayoutMinor === undefined) return `${prefix}.${key}.maxPayout`;
      const before = was.get(key);
      if (
        (before?.maxStakeMinor ?? null) !== maxStakeMinor ||
        (before?.maxPayoutMinor ?? null) !== maxPayoutMinor
      )
        changed.push({ key, maxStakeMinor, maxPayoutMinor });
    }
    return changed;
  };
  const sports = changedPairs(
    'sports',
    SPORTS_SPORTS,
    draft.sports,
    new Map(stored.sports.map((s) => [s.sport, s])),
  );
  if (typeof sports === 'string') return { invalid: sports };
  if (sports.length) update.sports = sports.map(({ key, ...limits }) => ({ sport: key, ...limits }));
  const markets = changedPairs(
    'markets',
    SPORTS_MARKET_TYPES,
    draft.markets,
    new Map(stored.markets.map((m) => [m.market, m])),
  );
  if (typeof markets === 'string') return { invalid: markets };
  if (markets.length) update.markets = markets.map(({ key, ...limits }) => ({ market: key, ...limits }));

  const players: NonNullable<BoSportsLimitsUpdate['players']> = [];
  const kept = new Set<string>();
  for (const [index, p] of draft.players.entries()) {
    const account = p.account.trim();
    if (account === '' && p.maxStake.trim() === '') continue;
    if (account === '') return { invalid: `players.${index}.account` };
    const maxStakeMinor = required(p.maxStake);
    if (maxStakeMinor === null) return { invalid: `players.${index}.maxStake` };
    kept.add(account.toLowerCase());
    const was = stored.players.find((s) => s.account.toLowerCase() === account.toLowerCase());
    if (was?.maxStakeMinor !== maxStakeMinor) players.push({ account, maxStakeMinor });
  }
  for (const was of stored.players)
    if (!kept.has(was.account.toLowerCase())) players.push({ account: was.account, maxStakeMinor: null });
  if (players.length) update.players = players;

  const caps: NonNullable<BoSportsLimitsUpdate['liabilityCaps']> = [];
  const capKey = (c: { sport: string | null; market: string | null }) => `${c.sport ?? ''}|${c.market ?? ''}`;
  const keptCaps = new Set<string>();
  for (const [index, c] of draft.caps.entries()) {
    const key = capKey(c);
    if (keptCaps.has(key)) return { invalid: `caps.${index}.sport` };
    const maxLiabilityMinor = required(c.maxLiability);
    if (maxLiabilityMinor === null) return { invalid: `caps.${index}.maxLiability` };
    keptCaps.add(key);
    const was = stored.liabilityCaps.find((s) => capKey(s) === key);
    if (was?.maxLiabilityMinor !== maxLiabilityMinor)
      caps.push({ sport: c.sport || null, market: c.market || null, maxLiabilityMinor });
  }
  for (const was of stored.liabilityCaps)
    if (!keptCaps.has(capKey(was)))
      caps.push({ sport: was.sport, market: was.market, maxLiabilityMinor: null });
  if (caps.length) update.liabilityCaps = caps;

  // A margin is a percent with up to two decimals (whole basis points), 0 to 50; empty is none.
  const margins: NonNullable<BoSportsLimitsUpdate['margins']> = [];
  for (const sport of SPORTS_SPORTS) {
    const marginBps = percentInputToBp(draft.margins[sport], MAX_MARGIN_BPS);
    if (marginBps === null) return { invalid: `margins.${sport}` };
    const was = stored.margins.find((m) => m.sport === sport)?.marginBps ?? 0;
    if (marginBps !== was) margins.push({ sport, marginBps });
  }
  if (margins.length) update.margins = margins;
  return { update };
}

/** Whether an update changes anything. */
export const limitsChanged = (update: BoSportsLimitsUpdate) => Object.keys(update).length > 0;
