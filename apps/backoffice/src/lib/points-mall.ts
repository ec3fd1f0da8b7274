import {
  type PointsItemCreate,
  type PointsItemUpdate,
  type PointsOperatorItem,
  type PointsRules,
  type PointsRulesUpdate,
  WHATSAPP_NUMBER_PATTERN,
  ZALO_ID_PATTERN,
} from '@sorte/contracts';
import { minorToInput, parseAmountInput } from './money-input';

/**
 * The points mall's forms (issue 17 item 7): points are whole numbers; amounts (a stake unit, the
 * cash of an item or of a conversion step) are typed in the merchant's currency and read exactly
 * through @sorte/money, never through a float.
 */

/** A whole number typed by an operator ("1.000" or "1,000" grouping allowed), within [min, max]. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(/[\s.,](?=\d{3}(\D|$))/g, '');
  if (!/^-?\d{1,13}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** An amount that may be zero (a conversion switched off): empty or 0 reads as 0. */
function parseAmountOrZero(text: string, currency: string, locale: string): number | null {
  if (/^\s*0*([.,]0*)?\s*$/.test(text)) return 0;
  const parsed = parseAmountInput(text, currency, locale);
  return parsed.ok ? parsed.minor : null;
}

export interface RulesDraft {
  enabled: boolean;
  cashEnabled: boolean;
  convertPoints: string;
  convertCash: string;
  convertMinPoints: string;
  rates: Record<string, { unit: string; points: string }>;
  /** The merchant's contacts for the redeem prompts; empty: that prompt is not offered. */
  whatsappContact: string;
  zaloContact: string;
}

export function rulesDraftOf(rules: PointsRules, locale: string): RulesDraft {
  const money = (minor: number) => minorToInput(BigInt(minor), rules.currency, locale);
  return {
    enabled: rules.enabled,
    cashEnabled: rules.cashEnabled,
    convertPoints: String(rules.convertPoints),
    convertCash: money(rules.convertCashMinor),
    convertMinPoints: String(rules.convertMinPoints),
    whatsappContact: rules.whatsappContact ?? '',
    zaloContact: rules.zaloContact ?? '',
    rates: Object.fromEntries(
      rules.rates.map((r) => [
        r.category,
        { unit: money(r.stakeUnitMinor), points: String(r.pointsPerUnit) },
      ]),
    ),
  };
}

/**
 * The form as the API's update — only what differs from what is stored — or the first field that
 * does not read ('convertPoints', 'convertCash', 'convertMinPoints', 'whatsappContact', 'zaloContact',
 * or a category).
 */
export function parseRulesDraft(
  draft: RulesDraft,
  stored: PointsRules,
  locale: string,
): { update: PointsRulesUpdate } | { invalid: string } {
  const convertPoints = parseWhole(draft.convertPoints, 1, 1_000_000_000);
  if (convertPoints === null) return { invalid: 'convertPoints' };
  const convertCash = parseAmountOrZero(draft.convertCash, stored.currency, locale);
  if (convertCash === null) return { invalid: 'convertCash' };
  const convertMinPoints = parseWhole(draft.convertMinPoints, 1, 1_000_000_000);
  if (convertMinPoints === null) return { invalid: 'convertMinPoints' };
  const whatsapp = draft.whatsappContact.trim();
  if (whatsapp !== '' && !WHATSAPP_NUMBER_PATTERN.test(whatsapp)) return { invalid: 'whatsappContact' };
  const zalo = draft.zaloContact.trim();
  if (zalo !== '' && !ZALO_ID_PATTERN.test(zalo)) return { invalid: 'zaloContact' };
  const update: PointsRulesUpdate = { rates: [] };
  if ((whatsapp || null) !== stored.whatsappContact) update.whatsappContact = whatsapp || null;
  if ((zalo || null) !== stored.zaloContact) update.zaloContact = zalo || null;
  for (const rate of stored.rates) {
    const typed = draft.rates[rate.category];
    if (!typed) continue;
    const unit = parseAmountInput(typed.unit, stored.currency, locale);
    const points = parseWhole(typed.points, 0, 1_000_000);
    if (!unit.ok || points === null) return { invalid: rate.category };
    if (unit.minor !== rate.stakeUnitMinor || points !== rate.pointsPerUnit)
      update.rates.push({ category: rate.category, stakeUnitMinor: unit.minor, pointsPerUnit: points });
  }
  if (draft.enabled !== stored.enabled) update.enabled = draft.enabled;
  if (draft.cashEnabled !== stored.cashEnabled) update.cashEnabled = draft.cashEnabled;
  if (convertPoints !== stored.convertPoints) update.convertPoints = convertPoints;
  if (convertCash !== stored.convertCashMinor) update.convertCashMinor = convertCash;
  if (convertMinPoints !== stored.convertMinPoints) update.convertMinPoints = convertMinPoints;
  return { update };
}

/** Whether an update changes anything. */
export function rulesChanged(update: PointsRulesUpdate): boolean {
  return Object.keys(update).some((k) => k !== 'rates') || update.rates.length > 0;
}

export interface ItemDraft {
  kind: 'goods' | 'cash';
  nameEn: string;
  namePt: string;
  descriptionEn: string;
  descriptionPt: string;
  costPoints: string;
  cash: string;
  /** Empty on a cash item: unlimited. */
  stock: string;
  imageUrl: string;
}

export const EMPTY_ITEM: ItemDraft = {
  kind: 'goods',
  nameEn: '',
  namePt: '',
  descriptionEn: '',
  descriptionPt: '',
  costPoints: '',
  cash: '',
  stock: '',
  imageUrl: '',
};

/** A new item as the API takes it, or the first field that does not read. */
export function parseItemDraft(
  draft: ItemDraft,
  currency: string,
  locale: string,
): { body: PointsItemCreate } | { invalid: keyof ItemDraft } {
  const nameEn = draft.nameEn.trim();
  const namePt = draft.namePt.trim();
  if (nameEn.length < 1 || nameEn.length > 200) return { invalid: 'nameEn' };
  if (namePt.length < 1 || namePt.length > 200) return { invalid: 'namePt' };
  if (draft.descriptionEn.length > 200) return { invalid: 'descriptionEn' };
  if (draft.descriptionPt.length > 200) return { invalid: 'descriptionPt' };
  const costPoints = parseWhole(draft.costPoints, 1, 1_000_000_000);
  if (costPoints === null) return { invalid: 'costPoints' };
  let cashMinor: number | null = null;
  if (draft.kind === 'cash') {
    const cash = parseAmountInput(draft.cash, currency, locale);
    if (!cash.ok) return { invalid: 'cash' };
    cashMinor = cash.minor;
  }
  let stock: number | null = null;
  if (draft.kind === 'goods' || draft.stock.trim() !== '') {
    stock = parseWhole(draft.stock, 0, 1_000_000);
    if (stock === null) return { invalid: 'stock' };
  }
  const imageUrl = draft.imageUrl.trim();
  if (imageUrl.length > 500) return { invalid: 'imageUrl' };
  return {
    body: {
      kind: draft.kind,
      names: { en: nameEn, 'pt-BR': namePt },
      descriptions: { en: draft.descriptionEn.trim(), 'pt-BR': draft.descriptionPt.trim() },
      imageUrl: imageUrl === '' ? null : imageUrl,
      costPoints,
      cashMinor,
      stock,
    },
  };
}

/** An item's form filled with what is stored (the stock is moved by its own dialog, not here). */
export function itemDraftOf(item: PointsOperatorItem, currency: string, locale: string): ItemDraft {
  return {
    kind: item.kind,
    nameEn: item.names.en,
    namePt: item.names['pt-BR'],
    descriptionEn: item.descriptions.en,
    descriptionPt: item.descriptions['pt-BR'],
    costPoints: String(item.costPoints),
    cash: item.cashMinor === null ? '' : minorToInput(BigInt(item.cashMinor), currency, locale),
    stock: item.stock === null ? '' : String(item.stock),
    imageUrl: item.imageUrl ?? '',
  };
}

/**
 * An edit as the API takes it — only the fields that differ from the stored item, never the stock
 * (a stock set to a number read earlier could undo a redemption made since; stock moves by a delta)
 * — or the first field that does not read.
 */
export function parseItemEdit(
  draft: ItemDraft,
  item: PointsOperatorItem,
  currency: string,
  locale: string,
): { body: PointsItemUpdate } | { invalid: keyof ItemDraft } {
  const parsed = parseItemDraft(
    { ...draft, stock: item.stock === null ? '' : String(item.stock) },
    currency,
    locale,
  );
  if ('invalid' in parsed) return parsed;
  const next = parsed.body;
  const body: PointsItemUpdate = {};
  if (JSON.stringify(next.names) !== JSON.stringify(item.names)) body.names = next.names;
  if (JSON.stringify(next.descriptions) !== JSON.stringify(item.descriptions))
    body.descriptions = next.descriptions;
  if ((next.imageUrl ?? null) !== item.imageUrl) body.imageUrl = next.imageUrl ?? null;
  if (next.costPoints !== item.costPoints) body.costPoints = next.costPoints;
  if (item.kind === 'cash' && next.cashMinor != null && next.cashMinor !== item.cashMinor)
    body.cashMinor = next.cashMinor;
  return { body };
}

/** A stock change: a whole number of units to add (or, negative, to take back), not zero. */
export function parseStockDelta(text: string): number | null {
  const delta = parseWhole(text.replace(/^\+/, ''), -1_000_000, 1_000_000);
  return delta === 0 ? null : delta;
}

/** A localized name in the interface language, else the other one. */
export function nameIn(names: { en: string; 'pt-BR': string } | null, locale: string): string {
  if (!names) return '';
  return (locale === 'en' ? names.en : names['pt-BR']) || names.en || names['pt-BR'];
}

/** Points as the operator reads them, grouped in the locale: 60000 → "60.000" (pt-BR). */
export function formatPoints(points: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'pt-BR', { maximumFractionDigits: 0 }).format(
    points,
  );
}
