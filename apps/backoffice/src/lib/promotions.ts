import type {
  OperatorPromotion,
  PromotionAudience,
  PromotionCategory,
  PromotionInput,
  PromotionType,
} from '@sorte/contracts';

/**
 * The promotion editor's form (issue 17 item 1): what an operator types, and the API's input made
 * from it. Dates are typed as local date and time (the browser's zone) and sent as instants; VIP
 * levels as "1, 2, 5"; member accounts one per line (or separated by commas).
 */
export const EDITOR_LANGUAGES = ['en', 'pt-BR'] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

export interface ContentDraft {
  title: string;
  summary: string;
  body: string;
}

export interface PromotionDraft {
  type: PromotionType;
  category: PromotionCategory;
  audience: PromotionAudience;
  startsAt: string;
  endsAt: string;
  vipLevels: string;
  agentAccount: string;
  memberAccounts: string;
  displayOrder: string;
  coverImageId: string | null;
  coverUrl: string | null;
  /** Type raffle: the raffle's id, '' for none (a promotion of words only). */
  raffleId: string;
  content: Record<EditorLanguage, ContentDraft>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local field, in the browser's zone ("2026-11-27T18:05"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value back to an instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const emptyContent = (): ContentDraft => ({ title: '', summary: '', body: '' });

export function newDraft(now: Date = new Date()): PromotionDraft {
  return {
    type: 'free_content',
    category: 'general',
    audience: 'all',
    startsAt: toLocalInput(now.toISOString()),
    endsAt: '',
    vipLevels: '',
    agentAccount: '',
    memberAccounts: '',
    displayOrder: '0',
    coverImageId: null,
    coverUrl: null,
    raffleId: '',
    content: { en: emptyContent(), 'pt-BR': emptyContent() },
  };
}

export function draftOf(promotion: OperatorPromotion): PromotionDraft {
  const content = (lang: EditorLanguage): ContentDraft => {
    const c = promotion.content[lang];
    return c ? { title: c.title, summary: c.summary, body: c.body } : emptyContent();
  };
  return {
    type: promotion.type,
    category: promotion.category,
    audience: promotion.audience,
    startsAt: toLocalInput(promotion.startsAt),
    endsAt: toLocalInput(promotion.endsAt),
    vipLevels: promotion.vipLevels.join(', '),
    agentAccount: promotion.agentAccount ?? '',
    memberAccounts: promotion.memberAccounts.join('\n'),
    displayOrder: String(promotion.displayOrder),
    coverImageId: promotion.coverImageId,
    coverUrl: promotion.coverUrl,
    raffleId: promotion.raffleId === null ? '' : String(promotion.raffleId),
    content: { en: content('en'), 'pt-BR': content('pt-BR') },
  };
}

export type DraftProblem =
  | 'startsAt'
  | 'endsAt'
  | 'vipLevels'
  | 'agentAccount'
  | 'memberAccounts'
  | 'displayOrder'
  | 'title';

/**
 * The API's input, or the first field that is wrong. A language whose words are all empty is left
 * out; at least one language needs a title, and a language with any words needs its title.
 */
export function inputOf(
  draft: PromotionDraft,
): { ok: true; input: PromotionInput } | { ok: false; field: DraftProblem } {
  const startsAt = fromLocalInput(draft.startsAt);
  if (!startsAt) return { ok: false, field: 'startsAt' };
  const endsAt = draft.endsAt.trim() === '' ? null : fromLocalInput(draft.endsAt);
  if (draft.endsAt.trim() !== '' && (!endsAt || endsAt <= startsAt)) return { ok: false, field: 'endsAt' };

  let vipLevels: number[] = [];
  if (draft.audience === 'vip_levels') {
    const parts = draft.vipLevels.split(/[\s,;]+/).filter(Boolean);
    if (parts.length === 0 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 100))
      return { ok: false, field: 'vipLevels' };
    vipLevels = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  }
  const agentAccount = draft.audience === 'agent_team' ? draft.agentAccount.trim() : '';
  if (draft.audience === 'agent_team' && !agentAccount) return { ok: false, field: 'agentAccount' };
  const memberAccounts =
    draft.audience === 'member_list'
      ? [...new Set(draft.memberAccounts.split(/[\s,;]+/).filter(Boolean))]
      : [];
  if (draft.audience === 'member_list' && memberAccounts.length === 0)
    return { ok: false, field: 'memberAccounts' };

  if (!/^-?\d{1,6}$/.test(draft.displayOrder.trim())) return { ok: false, field: 'displayOrder' };

  const content: PromotionInput['content'] = {};
  for (const lang of EDITOR_LANGUAGES) {
    const c = draft.content[lang];
    const filled = c.title.trim() || c.summary.trim() || c.body.trim();
    if (!filled) continue;
    if (!c.title.trim()) return { ok: false, field: 'title' };
    content[lang] = { title: c.title.trim(), summary: c.summary.trim(), body: c.body };
  }
  if (Object.keys(content).length === 0) return { ok: false, field: 'title' };

  return {
    ok: true,
    input: {
      type: draft.type,
      category: draft.category,
      audience: draft.audience,
      startsAt,
      endsAt,
      vipLevels,
      agentAccount: agentAccount || null,
      memberAccounts,
      displayOrder: Number(draft.displayOrder.trim()),
      coverImageId: draft.coverImageId,
      // Only a raffle promotion names a raffle (the server refuses one on any other type).
      raffleId: draft.type === 'raffle' && draft.raffleId !== '' ? Number(draft.raffleId) : null,
      content,
    },
  };
}

/** The words to list a promotion by: the operator's language, else English, else any. */
export function titleIn(promotion: Pick<OperatorPromotion, 'content'>, language: string): string {
  const lang = language.startsWith('pt') ? 'pt-BR' : 'en';
  return (
    promotion.content[lang]?.title ??
    promotion.content.en?.title ??
    Object.values(promotion.content)[0]?.title ??
    ''
  );
}

/**
 * The editor's toolbar: wraps the selection of the body in a tag (or puts an empty pair at the
 * caret). Returns the new text and where the selection goes.
 */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  open: string,
  close: string,
): { text: string; start: number; end: number } {
  const selected = text.slice(start, end);
  return {
    text: text.slice(0, start) + open + selected + close + text.slice(end),
    start: start + open.length,
    end: start + open.length + selected.length,
  };
}
