import type { BoSportsLimits, BoSportsLimitsUpdate, SportsSport } from '@sorte/contracts';
import { formatDecimalOdds, minorToInput } from '@sorte/money';
import { parseAmountInput } from './money-input';

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
  sports: Record<Sport, { maxStake: string; maxPayout: string }>;
  /** `row` keys the form's line (stable while lines are added and removed). */
  players: Array<{ row: number; account: string; maxStake: string }>;
}

export function limitsDraftOf(stored: BoSportsLimits, currency: string, locale: string): LimitsDraft {
  const amount = (minor: number | null) =>
    minor === null ? '' : minorToInput(BigInt(minor), currency, locale);
  const bySport = new Map(stored.sports.map((s) => [s.sport, s]));
  return {
    minStake: amount(stored.minStakeMinor),
    maxStake: amount(stored.maxStakeMinor),
    maxPayout: amount(stored.maxPayoutMinor),
    delaySeconds: String(stored.betDelayMs / 1000),
    bigStake: amount(stored.bigStakeMinor),
    bigReturn: amount(stored.bigReturnMinor),
    sports: Object.fromEntries(
      SPORTS_SPORTS.map((sport) => [
        sport,
        {
          maxStake: amount(bySport.get(sport)?.maxStakeMinor ?? null),
          maxPayout: amount(bySport.get(sport)?.maxPayoutMinor ?? null),
        },
      ]),
    ) as LimitsDraft['sports'],
    players: stored.players.map((p, row) => ({ row, account: p.account, maxStake: amount(p.maxStakeMinor) })),
  };
}

type Parsed = { update: BoSportsLimitsUpdate } | { invalid: string };

/**
 * The form as the API's update — only what differs from what is stored — or the first field that
 * does not read (its name: 'minStake', 'sports.football.maxStake', 'players.2.maxStake', …). Amounts
 * go through @sorte/money (never a float); an empty per-sport field means "the merchant's limit"; the
 * delay is whole or tenths of seconds from 0 to 60; a player dropped from the list is removed.
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

  const bySport = new Map(stored.sports.map((s) => [s.sport, s]));
  const sports: NonNullable<BoSportsLimitsUpdate['sports']> = [];
  for (const sport of SPORTS_SPORTS) {
    const maxStakeMinor = optional(draft.sports[sport].maxStake);
    if (maxStakeMinor === undefined) return { invalid: `sports.${sport}.maxStake` };
    const maxPayoutMinor = optional(draft.sports[sport].maxPayout);
    if (maxPayoutMinor === undefined) return { invalid: `sports.${sport}.maxPayout` };
    const was = bySport.get(sport);
    if ((was?.maxStakeMinor ?? null) !== maxStakeMinor || (was?.maxPayoutMinor ?? null) !== maxPayoutMinor)
      sports.push({ sport, maxStakeMinor, maxPayoutMinor });
  }
  if (sports.length) update.sports = sports;

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
  return { update };
}

/** Whether an update changes anything. */
export const limitsChanged = (update: BoSportsLimitsUpdate) => Object.keys(update).length > 0;
