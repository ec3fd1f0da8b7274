/** Time comes through here so tests can move it; production uses the system clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` at the moment it is made and then runs at the system clock's pace: the
 * built server under a browser journey at a fixed instant (TEST_CLOCK_START, refused in production).
 */
export function clockStartingAt(start: Date, system: Clock = systemClock): Clock {
  const offset = start.getTime() - system.now().getTime();
  return { now: () => new Date(system.now().getTime() + offset) };
}

export class ManualClock implements Clock {
  constructor(private current = new Date('2026-01-01T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
