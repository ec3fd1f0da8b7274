import type { BoLotteryGame, BoLotteryGameUpdate } from '@sorte/contracts';
import { minorToInput, parseAmountInput } from '../../lib/money-input';

/** What the game dialog edits, as typed: money in the merchant's currency, counts as text. */
export interface GameDraft {
  enabled: boolean;
  closeSeconds: string;
  minUnitStake: string;
  maxTicketStake: string;
  maxChaseDraws: string;
  sortOrder: string;
  defaultPlayType: string;
  /** Per play type; an empty field keeps the game's limit. */
  playLimits: Record<string, { min: string; max: string }>;
}

/** A field the form refuses, with the message key that says why. */
export interface GameFormIssue {
  field: string;
  key: string;
  params?: Record<string, number>;
}

export function gameDraftOf(game: BoLotteryGame, currency: string, locale: string): GameDraft {
  const money = (minor: number | undefined) =>
    minor === undefined ? '' : minorToInput(minor, currency, locale);
  return {
    enabled: game.enabled,
    closeSeconds: String(game.closeSeconds),
    minUnitStake: money(game.minUnitStakeMinor),
    maxTicketStake: money(game.maxTicketStakeMinor),
    maxChaseDraws: String(game.maxChaseDraws),
    sortOrder: String(game.sortOrder),
    defaultPlayType: game.defaultPlayType,
    playLimits: Object.fromEntries(
      game.playTypes.map((code) => [
        code,
        {
          min: money(game.playLimits[code]?.minUnitStakeMinor),
          max: money(game.playLimits[code]?.maxTicketStakeMinor),
        },
      ]),
    ),
  };
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The PUT body for a draft, or every problem at once. The same rules as the server: betting closes
 * before the draw (close seconds below the interval), limits are positive amounts of the currency,
 * and wherever a minimum unit stake and a maximum ticket stake apply together, min ≤ max — a play
 * type's own limit against the game's when it overrides only one side.
 */
export function gameUpdateOf(
  game: BoLotteryGame,
  draft: GameDraft,
  currency: string,
  locale: string,
): { ok: true; body: BoLotteryGameUpdate } | { ok: false; issues: GameFormIssue[] } {
  const issues: GameFormIssue[] = [];
  const intervalSeconds = game.intervalMinutes * 60;

  const closeSeconds = wholeNumber(draft.closeSeconds);
  if (closeSeconds === null || closeSeconds < 0 || closeSeconds >= Math.min(intervalSeconds, 300))
    issues.push({
      field: 'closeSeconds',
      key: 'lottery.games.form.closeRange',
      params: { max: Math.min(intervalSeconds, 300) - 1 },
    });

  const amount = (field: string, text: string): number | null => {
    const parsed = parseAmountInput(text, currency, locale);
    if (parsed.ok) return parsed.minor;
    issues.push({ field, key: 'lottery.games.form.amountInvalid' });
    return null;
  };
  const minUnit = amount('minUnitStake', draft.minUnitStake);
  const maxTicket = amount('maxTicketStake', draft.maxTicketStake);
  if (minUnit !== null && maxTicket !== null && minUnit > maxTicket)
    issues.push({ field: 'maxTicketStake', key: 'lottery.games.form.minAboveMax' });

  const maxChaseDraws = wholeNumber(draft.maxChaseDraws);
  if (maxChaseDraws === null || maxChaseDraws < 1 || maxChaseDraws > 120)
    issues.push({ field: 'maxChaseDraws', key: 'lottery.games.form.chaseRange' });
  const sortOrder = wholeNumber(draft.sortOrder);
  if (sortOrder === null || Math.abs(sortOrder) > 1_000_000)
    issues.push({ field: 'sortOrder', key: 'lottery.games.form.orderInvalid' });
  if (!game.playTypes.includes(draft.defaultPlayType))
    issues.push({ field: 'defaultPlayType', key: 'lottery.games.form.playTypeUnknown' });

  const playLimits: NonNullable<BoLotteryGameUpdate['playLimits']> = {};
  for (const code of game.playTypes) {
    const typed = draft.playLimits[code] ?? { min: '', max: '' };
    const limit: { minUnitStakeMinor?: number; maxTicketStakeMinor?: number } = {};
    if (typed.min.trim()) {
      const minor = amount(`play.${code}.min`, typed.min);
      if (minor !== null) limit.minUnitStakeMinor = minor;
    }
    if (typed.max.trim()) {
      const minor = amount(`play.${code}.max`, typed.max);
      if (minor !== null) limit.maxTicketStakeMinor = minor;
    }
    const effectiveMin = limit.minUnitStakeMinor ?? minUnit;
    const effectiveMax = limit.maxTicketStakeMinor ?? maxTicket;
    const overrides = limit.minUnitStakeMinor !== undefined || limit.maxTicketStakeMinor !== undefined;
    if (overrides && effectiveMin !== null && effectiveMax !== null && effectiveMin > effectiveMax)
      issues.push({ field: `play.${code}.max`, key: 'lottery.games.form.minAboveMax' });
    if (overrides) playLimits[code] = limit;
  }

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    body: {
      enabled: draft.enabled,
      closeSeconds: closeSeconds as number,
      minUnitStakeMinor: minUnit as number,
      maxTicketStakeMinor: maxTicket as number,
      playLimits,
      maxChaseDraws: maxChaseDraws as number,
      sortOrder: sortOrder as number,
      defaultPlayType: draft.defaultPlayType,
    },
  };
}

/**
 * The server's VALIDATION_FAILED fields (named as in the request body) as marks on the form's
 * fields; a minimum above its maximum is marked on the maximum, as the form itself does.
 */
export function gameIssuesOfServer(details: unknown): GameFormIssue[] {
  const fields = (details as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return (fields as { field?: string; key?: string; params?: Record<string, number> }[]).flatMap(
    ({ field = '', key, params }): GameFormIssue[] => {
      if (field === 'closeSeconds')
        return [{ field, key: 'lottery.games.form.closeRange', params: { max: params?.max ?? 0 } }];
      if (field === 'minUnitStakeMinor' || field === 'maxTicketStakeMinor')
        return [
          key === 'too_big'
            ? { field: 'maxTicketStake', key: 'lottery.games.form.minAboveMax' }
            : { field: field.replace('Minor', ''), key: 'lottery.games.form.amountInvalid' },
        ];
      if (field === 'maxChaseDraws') return [{ field, key: 'lottery.games.form.chaseRange' }];
      if (field === 'sortOrder') return [{ field, key: 'lottery.games.form.orderInvalid' }];
      if (field === 'defaultPlayType') return [{ field, key: 'lottery.games.form.playTypeUnknown' }];
      const play = /^playLimits\.([A-Z0-9_]+)(?:\.(minUnitStakeMinor|maxTicketStakeMinor))?$/.exec(field);
      if (play)
        return [
          key === 'too_big'
            ? { field: `play.${play[1]}.max`, key: 'lottery.games.form.minAboveMax' }
            : {
                field: `play.${play[1]}.${play[2] === 'minUnitStakeMinor' ? 'min' : 'max'}`,
                key: 'lottery.games.form.amountInvalid',
              },
        ];
      return [];
    },
  );
}
