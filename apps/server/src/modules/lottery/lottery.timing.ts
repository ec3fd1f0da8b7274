/** How often the engine steps and how far ahead it schedules draws. */
export interface EngineTimings {
  tickMs: number;
  /** Draws exist this far ahead, so a chase can name its future draws and players see them. */
  scheduleAheadMinutes: number;
  /** Tickets settled per transaction: bounded so one draw never holds locks for long. */
  settleBatchSize: number;
}

export const DEFAULT_ENGINE_TIMINGS: EngineTimings = {
  tickMs: 1000,
  scheduleAheadMinutes: 600,
  settleBatchSize: 1000,
};
