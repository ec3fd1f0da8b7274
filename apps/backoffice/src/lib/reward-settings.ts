import type { GameType, OperatorRaffle, RaffleInput, VipRebateRates } from '@sorte/contracts';
import { minorToInput, parseAmountInput } from '@sorte/money';
import { bpToPercentInput, percentInputToBp } from './rebate-rates';

/** The VIP levels an operator sets rates for (members.vip_rank_level). */
export const VIP_LEVELS = Array.from({ length: 11 }, (_, i) => i);

/** One level's percents per category, as typed. */
export type VipDraft = Record<string, string>;

export function vipDraftOf(
  stored: VipRebateRates,
  level: number,
  categories: readonly GameType[],
  locale: string,
) {
  const bp = new Map(stored.rates.filter((r) => r.vipLevel === level).map((r) => [r.category, r.rateBp]));
  return Object.fromEntries(categories.map((c) => [c, bpToPercentInput(bp.get(c) ?? 0, locale)])) as VipDraft;
}

/** The level's changed rates, or the category whose percent does not read. */
export function parseVipDraft(
  draft: VipDraft,
  stored: VipRebateRates,
  level: number,
): { rates: VipRebateRates['rates'] } | { invalid: string } {
  const bp = new Map(stored.rates.filter((r) => r.vipLevel === level).map((r) => [r.category, r.rateBp]));
  const rates: VipRebateRates['rates'] = [];
  for (const [category, text] of Object.entries(draft)) {
    const rateBp = percentInputToBp(text);
    if (rateBp === null) return { invalid: category };
    if (rateBp !== (bp.get(category as GameType) ?? 0))
      rates.push({ vipLevel: level, category: category as GameType, rateBp });
  }
  return { rates };
}

/** A raffle's form as typed: amounts in the currency, weights as whole numbers. */
export interface RaffleDraft {
  kind: RaffleInput['kind'];
  status: RaffleInput['status'];
  nameEn: string;
  namePt: string;
  startsAt: string;
  endsAt: string;
  spinsPerDay: string;
  minStake: string;
  spinsPerDeposit: string;
  minDeposit: string;
  rewardDays: string;
  segments: { weight: string; prize: string }[];
}

export function raffleDraftOf(
  raffle: OperatorRaffle | null,
  currency: string,
  locale: string,
  now: Date,
): RaffleDraft {
  const money = (minor: number) => minorToInput(BigInt(minor), currency, locale);
  if (!raffle)
    return {
      kind: 'wheel',
      status: 'paused',
      nameEn: '',
      namePt: '',
      startsAt: now.toISOString().slice(0, 16),
      endsAt: '',
      spinsPerDay: '1',
      minStake: money(0),
      spinsPerDeposit: '0',
      minDeposit: money(0),
      rewardDays: '7',
      segments: [
        { weight: '60', prize: money(0) },
        { weight: '30', prize: money(100) },
        { weight: '10', prize: money(500) },
      ],
    };
  return {
    kind: raffle.kind,
    status: raffle.status,
    nameEn: raffle.names.en,
    namePt: raffle.names['pt-BR'],
    startsAt: raffle.startsAt.slice(0, 16),
    endsAt: raffle.endsAt ? raffle.endsAt.slice(0, 16) : '',
    spinsPerDay: String(raffle.spinsPerDay),
    minStake: money(raffle.minStakeMinor),
    spinsPerDeposit: String(raffle.spinsPerDeposit),
    minDeposit: money(raffle.minDepositMinor),
    rewardDays: String(raffle.rewardDays),
    segments: raffle.segments.map((s) => ({ weight: String(s.weight), prize: money(s.prizeMinor) })),
  };
}

const wholeIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
};

/** Times are typed in UTC (the inputs say so). */
const utc = (text: string): string | null => {
  const at = Date.parse(`${text}:00Z`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
};

/** The draft as the API's input, or the field that does not read. */
export function parseRaffleDraft(
  d: RaffleDraft,
  currency: string,
  locale: string,
): { input: RaffleInput } | { invalid: string } {
  if (!d.nameEn.trim()) return { invalid: 'nameEn' };
  if (!d.namePt.trim()) return { invalid: 'namePt' };
  const startsAt = utc(d.startsAt);
  if (!startsAt) return { invalid: 'startsAt' };
  const endsAt = d.endsAt.trim() ? utc(d.endsAt) : null;
  if (d.endsAt.trim() && (!endsAt || endsAt <= startsAt)) return { invalid: 'endsAt' };
  const spinsPerDay = wholeIn(d.spinsPerDay, 1, 10);
  if (spinsPerDay === null) return { invalid: 'spinsPerDay' };
  const rewardDays = wholeIn(d.rewardDays, 1, 90);
  if (rewardDays === null) return { invalid: 'rewardDays' };
  const minStake = parseAmountInput(d.minStake, currency, locale);
  if (!minStake?.ok) return { invalid: 'minStake' };
  const spinsPerDeposit = wholeIn(d.spinsPerDeposit, 0, 10);
  if (spinsPerDeposit === null) return { invalid: 'spinsPerDeposit' };
  const minDeposit = parseAmountInput(d.minDeposit, currency, locale);
  if (!minDeposit?.ok) return { invalid: 'minDeposit' };
  const segments: RaffleInput['segments'] = [];
  for (const [i, s] of d.segments.entries()) {
    const weight = wholeIn(s.weight, 1, 1_000_000);
    const prize = parseAmountInput(s.prize, currency, locale);
    if (weight === null || !prize?.ok) return { invalid: `segment${i}` };
    segments.push({ weight, prizeMinor: Number(prize.minor) });
  }
  if (segments.length < 2) return { invalid: 'segments' };
  return {
    input: {
      kind: d.kind,
      status: d.status,
      names: { en: d.nameEn.trim(), 'pt-BR': d.namePt.trim() },
      startsAt,
      endsAt,
      spinsPerDay,
      minStakeMinor: Number(minStake.minor),
      spinsPerDeposit,
      minDepositMinor: Number(minDeposit.minor),
      rewardDays,
      segments,
    },
  };
}
