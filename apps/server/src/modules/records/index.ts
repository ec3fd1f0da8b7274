import type { ServerModule } from '../../platform/context.ts';
import { registerRecordsRoutes } from './records.routes.ts';

export type { BetRecordStatus } from './records.tables.ts';
export { type BetRecordChange, closeRecords, recordBet, recordBets } from './records.writer.ts';

/**
 * Betting records and personal profit and loss across every game. Each game module writes its
 * rounds here (recordBet, in the transaction that moved the money); this module reads them for the
 * player.
 */
export const recordsModule: ServerModule = {
  name: 'records',
  async register(app, ctx) {
    await registerRecordsRoutes(app, ctx);
  },
};
