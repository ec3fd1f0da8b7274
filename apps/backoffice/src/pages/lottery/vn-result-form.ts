import { PRIZE_TABLES, type PrizeShape, structureOf, type VnRegion } from '@sorte/lottery';

/** The numbers typed for each prize of the draw's table, one field per printed number. */
export type ResultDraft = Record<string, string[]>;

/** What is wrong with one field (`prize:index`) or a whole prize (`prize`), as a message key and its values. */
export type SlotIssues = Record<string, { key: string; params?: Record<string, number> }>;

export const slotKey = (prize: string, index?: number) => (index === undefined ? prize : `${prize}:${index}`);

/** The prize table of the region's structure: the North's 27 numbers or the South and Central's 18. */
export function prizeTableOf(region: VnRegion): readonly PrizeShape[] {
  return PRIZE_TABLES[structureOf(region)];
}

export function emptyDraft(region: VnRegion): ResultDraft {
  return Object.fromEntries(prizeTableOf(region).map(({ prize, count }) => [prize, Array(count).fill('')]));
}

/** A stored result back into fields (to show a pending proposal, or to start from it). */
export function draftOf(region: VnRegion, prizes: Record<string, string[]>): ResultDraft {
  return Object.fromEntries(
    prizeTableOf(region).map(({ prize, count }) => [
      prize,
      Array.from({ length: count }, (_, i) => prizes[prize]?.[i] ?? ''),
    ]),
  );
}

/** The request's `result`: every field trimmed, as digit strings (leading zeros kept). */
export function resultInputOf(draft: ResultDraft): { prizes: Record<string, string[]> } {
  return {
    prizes: Object.fromEntries(
      Object.entries(draft).map(([prize, numbers]) => [prize, numbers.map((n) => n.trim())]),
    ),
  };
}

/** The same checks the server makes, before sending: every field digits only and of its prize's length. */
export function checkDraft(region: VnRegion, draft: ResultDraft): SlotIssues {
  const issues: SlotIssues = {};
  for (const { prize, count, digits } of prizeTableOf(region))
    for (let index = 0; index < count; index++) {
      const number = (draft[prize]?.[index] ?? '').trim();
      if (number === '') issues[slotKey(prize, index)] = { key: 'lottery.vn.issues.empty' };
      else if (!/^[0-9]+$/.test(number))
        issues[slotKey(prize, index)] = { key: 'lottery.vn.issues.notDigits' };
      else if (number.length !== digits)
        issues[slotKey(prize, index)] = { key: 'lottery.vn.issues.length', params: { expected: digits } };
    }
  return issues;
}

interface ServerIssue {
  code?: string;
  prize?: string;
  index?: number;
  expected?: number;
  actual?: number;
}

/**
 * The server's LOTTERY_RESULT_INVALID details as marks on the form: `issues` (the prize table's
 * checks) per field or per prize, `differences` (an approval typed again that disagrees with the
 * entry, or an import) per field. Issues the form cannot place (betting not yet closed) go under ''.
 */
export function slotIssuesOf(details: unknown): SlotIssues {
  const out: SlotIssues = {};
  const body = (details ?? {}) as { issues?: ServerIssue[]; differences?: ServerIssue[] };
  for (const issue of Array.isArray(body.issues) ? body.issues : []) {
    const at = slotKey(issue.prize ?? '', issue.index);
    switch (issue.code) {
      case 'RESULT_NOT_DIGITS':
        out[at] = { key: 'lottery.vn.issues.notDigits' };
        break;
      case 'RESULT_WRONG_LENGTH':
        out[at] = { key: 'lottery.vn.issues.length', params: { expected: issue.expected ?? 0 } };
        break;
      case 'RESULT_WRONG_COUNT':
        out[at] = { key: 'lottery.vn.issues.count', params: { expected: issue.expected ?? 0 } };
        break;
      case 'RESULT_MISSING_PRIZE':
      case 'RESULT_UNKNOWN_PRIZE':
        out[at] = { key: 'lottery.vn.issues.prize' };
        break;
      case 'RESULT_BEFORE_CLOSE':
        out[''] = { key: 'lottery.vn.issues.beforeClose' };
        break;
      default:
        out[''] = { key: 'lottery.vn.issues.other' };
    }
  }
  for (const difference of Array.isArray(body.differences) ? body.differences : [])
    out[slotKey(difference.prize ?? '', difference.index)] = { key: 'lottery.vn.issues.differs' };
  return out;
}
