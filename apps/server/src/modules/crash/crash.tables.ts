/** The shared crash rounds and their bets (migration 0047). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the crash work.
export interface CrashTables {}
