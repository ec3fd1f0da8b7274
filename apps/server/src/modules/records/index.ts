import type { ServerModule } from '../../platform/context.ts';
import { scheduleRollups } from './records.jobs.ts';
import { registerReportRoutes } from './records.report.ts';
import { registerRecordsRoutes } from './records.routes.ts';

export { ggrReport } from './records.report.ts';
export type { BetRecordStatus } from './records.tables.ts';
export {
  type ApplyBatch,
  type BetFact,
  catchUpConsumer,
  type ConsumeHooks,
  consumeBatch,
  consumerHoldsCommitted,
  hasPending,
  inRange,
  pollConsumer,
  readFacts,
  readRange,
  type StreamCursor,
} from './records.stream.ts';
export { type BetRecordChange, closeRecords, recordBet, recordBets } from './records.writer.ts';
/** The betting records' category of every in-house game (dice, mines, hilo, crash…): its rates key on it. */
export const INHOUSE_CATEGORY = 'INHOUSE';
/** The days the rollups count in and the records' range rule, for reports over the rollups (agent centre). */
export { localDate, RECORDS_TIME_ZONE, recordsRange } from './records.service.ts';

/**
 * Betting records and personal profit and loss across every game. Each game module writes its
 * rounds here (recordBet, in the transaction that moved the money); this module reads them for the
 * player. Every settlement, void or resettlement of a record becomes a fact of the bet stream
 * (records.stream.ts), which the rollup consumer (records.rollups.ts) folds into the daily rollups
 * that the profit and loss and the back office's GGR report read.
 */
export const recordsModule: ServerModule = {
  name: 'records',
  async register(app, ctx) {
    await registerRecordsRoutes(app, ctx);
    registerReportRoutes(app, ctx);
    scheduleRollups(app, ctx);
  },
};
