/** Tables of the in-house games played in steps: mines, hilo (migration 0046). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the mines and hilo work.
export interface MultistepTables {}
