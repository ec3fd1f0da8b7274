import { vnLocalDay } from '@sorte/lottery';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Scheduled {
  nextDraw: { drawDate: string; drawAt: string };
}

/** How the first group's heading names its day, seen from Vietnam's calendar day at `now`. */
export type NextDayKind = 'today' | 'tomorrow' | 'later';

export interface ProvinceGroups<P> {
  /** The games of the soonest draw day still open for bets (today's while any of them is open). */
  next: { day: string; kind: NextDayKind; provinces: P[] } | null;
  /** Every other game, by its next open draw. */
  later: P[];
}

/** The games in the order of their next draw, the soonest first (a stable sort keeps a day's order). */
export function bySoonestDraw<P extends Scheduled>(provinces: readonly P[]): P[] {
  return [...provinces].sort((a, b) => Date.parse(a.nextDraw.drawAt) - Date.parse(b.nextDraw.drawAt));
}

/**
 * A region's games grouped by their next open draw, as the draw picker lists them. A game whose draw
 * today has closed is not "today's" any more: it waits among the later days at its next weekday,
 * so the list never shows next week's draw under today, nor a closed one first. Days are Vietnam's
 * (the draws' own calendar), read from the server's `now`, whatever the browser's time zone.
 */
export function groupByNextDraw<P extends Scheduled>(
  provinces: readonly P[],
  now: number,
): ProvinceGroups<P> {
  const sorted = bySoonestDraw(provinces);
  const first = sorted[0];
  if (!first) return { next: null, later: [] };
  const day = first.nextDraw.drawDate;
  const kind: NextDayKind =
    day === vnLocalDay(new Date(now)).date
      ? 'today'
      : day === vnLocalDay(new Date(now + DAY_MS)).date
        ? 'tomorrow'
        : 'later';
  return {
    next: { day, kind, provinces: sorted.filter((p) => p.nextDraw.drawDate === day) },
    later: sorted.filter((p) => p.nextDraw.drawDate !== day),
  };
}
