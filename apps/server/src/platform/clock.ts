/** Time comes through here so tests can move it; production uses the system clock. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The clock of a browser journey: it runs on, and the journey may move it forward (POST /dev/clock). */
export interface TestClock extends Clock {
  /** Jumps to `at` (never back) and runs on from there. */
  moveTo(at: Date): void;
}

/**
 * A clock that reads `start` at the moment it is made and then runs at the system clock's pace: the
 * built server under a browser journey at a fixed instant (TEST_CLOCK_START, refused in production).
 */
export function clockStartingAt(start: Date, system: Clock = systemClock): TestClock {
  let offset = start.getTime() - system.now().getTime();
  return {
    now: () => new Date(system.now().getTime() + offset),
    moveTo(at: Date) {
      offset = Math.max(offset, at.getTime() - system.now().getTime());
    },
  };
}

export function isTestClock(clock: Clock): clock is TestClock {
  return typeof (clock as Partial<TestClock>).moveTo === 'function';
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
