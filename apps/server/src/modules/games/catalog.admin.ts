import type { BoGame, BoGameVendor } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type OperatorPrincipal, recordAudit } from '../backoffice/index.ts';
import * as repo from './catalog.admin.repository.ts';
import { gameView, type Language, vendorView } from './catalog.service.ts';

/**
 * What a merchant offers: vendors switched on (a vendor without a merchant row is off) and games
 * switched off or moved. Each change is audited in its own transaction.
 */

export async function vendorsForOperator(db: Db, merchantId: string): Promise<BoGameVendor[]> {
  const rows = await repo.operatorVendors(db, merchantId);
  return rows.map((row) => ({
    ...vendorView(row.code, row, row.games ?? 0),
    enabled: row.enabled,
    sortOrder: row.sort_order,
  }));
}

export async function updateVendor(
  db: Db,
  operator: OperatorPrincipal,
  vendor: string,
  change: { enabled?: boolean; sortOrder?: number },
  now: Date,
): Promise<BoGameVendor> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.vendorExists(trx, vendor))) throw new AppError('BO_NOT_FOUND');
    const before = (await vendorsForOperator(trx, operator.merchantId)).find((v) => v.vendor === vendor);
    await repo.upsertVendorSetting(trx, {
      merchantId: operator.merchantId,
      vendor,
      enabled: change.enabled ?? before?.enabled,
      sortOrder: change.sortOrder ?? before?.sortOrder,
      at: now,
    });
    const after = (await vendorsForOperator(trx, operator.merchantId)).find((v) => v.vendor === vendor);
    await recordAudit(trx, {
      operator,
      action: 'games.vendor.update',
      targetType: 'game_vendor',
      targetId: vendor,
      before: before && { enabled: before.enabled, sortOrder: before.sortOrder },
      after: after && { enabled: after.enabled, sortOrder: after.sortOrder },
    });
    return after as BoGameVendor;
  });
}

export async function gamesForOperator(
  db: Db,
  merchantId: string,
  query: { vendor?: string; pageNo: number; pageSize: number },
  language: Language,
): Promise<{ list: BoGame[]; total: number }> {
  const offset = (query.pageNo - 1) * query.pageSize;
  const [total, rows, currency] = await Promise.all([
    repo.countOperatorGames(db, merchantId, query.vendor),
    repo.operatorGames(db, merchantId, query.vendor, query.pageSize, offset),
    repo.merchantCurrency(db, merchantId),
  ]);
  return {
    total,
    list: rows.map((row) => ({
      ...gameView(row, language),
      enabled: row.enabled,
      sortOrder: row.sort_order,
      currency,
    })),
  };
}

export async function updateGame(
  db: Db,
  operator: OperatorPrincipal,
  gameId: bigint,
  change: { enabled?: boolean; sortOrder?: number },
  now: Date,
): Promise<{ gameId: number; enabled: boolean; sortOrder: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.findOperatorGame(trx, operator.merchantId, gameId);
    if (!before) throw new AppError('BO_NOT_FOUND');
    const after = {
      enabled: change.enabled ?? before.enabled,
      sortOrder: change.sortOrder ?? before.sort_order,
    };
    await repo.upsertGameSetting(trx, { merchantId: operator.merchantId, gameId, ...after, at: now });
    await recordAudit(trx, {
      operator,
      action: 'games.game.update',
      targetType: 'game',
      targetId: String(gameId),
      before: { enabled: before.enabled, sortOrder: before.sort_order },
      after,
    });
    return { gameId: Number(gameId), ...after };
  });
}
