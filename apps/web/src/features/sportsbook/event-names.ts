/**
 * The teams of events the player bet on, remembered on this device: a bet's legs name the event by
 * id only, and an ended event leaves the player API, so My bets reads the names kept at placement.
 */
const KEY = 'sportsbook.events';
const KEEP = 300;

export interface EventNames {
  home: string;
  away: string;
  sport: string;
}

function readAll(): Record<string, EventNames> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, EventNames>;
  } catch {
    return {};
  }
}

export function rememberEvents(events: readonly (EventNames & { eventId: string })[]): void {
  try {
    const all = readAll();
    for (const e of events) {
      delete all[e.eventId];
      all[e.eventId] = { home: e.home, away: e.away, sport: e.sport };
    }
    const ids = Object.keys(all);
    for (const id of ids.slice(0, Math.max(0, ids.length - KEEP))) delete all[id];
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Without storage My bets names the sides generically.
  }
}

export function eventNames(id: string): EventNames | null {
  return readAll()[id] ?? null;
}
