import type { VnResultInput } from '@sorte/contracts';
import type { VnResult as RuleResult } from '@sorte/lottery';
import { resultDifferences, structureOf, validateVnResult } from '@sorte/lottery';
import type { Db } from '../../../platform/database/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { drawById, drawByDay, ensureVnDraw, type VnDrawRow } from './vn.draws.ts';
import { refundVnDraw, settleVnDraw } from './vn.settle.ts';

/**
 * Results of the Vietnamese draws, which happen outside the platform. Nothing settles on one
 * source: a result needs two — an operator's entry and a DIFFERENT operator's approval, or an entry
 * and an import that agree (the stricter reading of "entered by an operator (with a second
 * operator's approval) or imported": an import alone also waits for an approval; an import that
 * matches a result already entered by someone else is that second source and settles the draw).
 */

/**
 * Who changes a draw: a signed-in operator (an OperatorPrincipal fits), or an import feed holding the
 * operator API key, which has no operator id and so can never be the second source of its own entry.
 */
export interface VnActor {
  merchantId: string;
  operatorId: string | null;
  username: string;
  ip: string | null;
}

interface VnAudit {
  action: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/**
 * Appends to the audit log in the action's transaction, like the back office's recordAudit, but
 * also for the key-holding feed (no operator row: operator_id stays null, the name is the key's
 * fingerprint).
 */
async function audit(trx: Db, actor: VnActor, entry: VnAudit): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      merchant_id: actor.merchantId,
      operator_id: actor.operatorId,
      operator_name: actor.username,
      action: entry.action,
      target_type: 'vn_draw',
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      ip: actor.ip,
    })
    .execute();
}

/** The input checked against the draw's prize table; LOTTERY_RESULT_INVALID lists every problem. */
function checked(draw: VnDrawRow, input: VnResultInput): RuleResult {
  const check = validateVnResult(structureOf(draw.region), input);
  if (!check.ok) throw new AppError('LOTTERY_RESULT_INVALID', { issues: check.issues });
  return check.result;
}

/** A result is entered once betting has closed: before that it would be a guess or a leak. */
function assertClosed(draw: VnDrawRow, now: Date): void {
  if (now < draw.closes_at)
    throw new AppError('LOTTERY_RESULT_INVALID', {
      issues: [{ code: 'RESULT_BEFORE_CLOSE', closesAt: draw.closes_at.toISOString() }],
    });
}

function refuseDifferences(a: RuleResult, b: RuleResult): void {
  const differences = resultDifferences(a, b);
  if (differences.length) throw new AppError('LOTTERY_RESULT_INVALID', { differences });
}

async function lockedDraw(trx: Db, operator: VnActor, drawId: bigint): Promise<VnDrawRow> {
  const draw = await drawById(trx, operator.merchantId, drawId, 'update');
  if (!draw) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
  return draw;
}

function refuseUnlessScheduled(draw: VnDrawRow): void {
  if (draw.status === 'cancelled') throw new AppError('LOTTERY_RESULT_NOT_PENDING', { status: draw.status });
  if (draw.status !== 'scheduled') throw new AppError('LOTTERY_RESULT_EXISTS', { status: draw.status });
}

async function propose(
  trx: Db,
  operator: VnActor,
  draw: VnDrawRow,
  result: RuleResult,
  source: 'manual' | 'import',
  now: Date,
): Promise<void> {
  await trx
    .updateTable('vn_draws')
    .set({
      status: 'pending_approval',
      proposed_result: JSON.stringify(result),
      source,
      entered_by: operator.operatorId,
      entered_at: now,
    })
    .where('id', '=', draw.id)
    .execute();
  await audit(trx, operator, {
    action: source === 'manual' ? 'lottery_vn.result.enter' : 'lottery_vn.result.import',
    targetId: String(draw.id),
    after: { province: draw.province_code, date: draw.draw_date, result },
  });
}

/** Approves the pending result: it becomes the draw's result, and its tickets are to be settled. */
async function approve(
  trx: Db,
  operator: VnActor,
  draw: VnDrawRow,
  how: 'approve' | 'import',
  now: Date,
): Promise<void> {
  await trx
    .updateTable('vn_draws')
    .set({
      status: 'settling',
      result: JSON.stringify(draw.proposed_result),
      approved_by: operator.operatorId,
      approved_at: now,
    })
    .where('id', '=', draw.id)
    .execute();
  await audit(trx, operator, {
    action: how === 'approve' ? 'lottery_vn.result.approve' : 'lottery_vn.result.import_confirm',
    targetId: String(draw.id),
    before: { status: draw.status, enteredBy: draw.entered_by, source: draw.source },
    after: { status: 'settling', result: draw.proposed_result },
  });
}

/** POST /bo/lottery/vn/draws/:id/result: the first source; the draw waits for an approval. */
export async function enterVnResult(
  db: Db,
  operator: VnActor,
  drawId: bigint,
  input: VnResultInput,
  now: Date,
): Promise<bigint> {
  await db.transaction().execute(async (trx) => {
    const draw = await lockedDraw(trx, operator, drawId);
    refuseUnlessScheduled(draw);
    const result = checked(draw, input);
    assertClosed(draw, now);
    await propose(trx, operator, draw, result, 'manual', now);
  });
  return drawId;
}

/**
 * POST /bo/lottery/vn/draws/:id/approve by an operator other than the one who entered it. When the
 * approver types the result again, any slot that differs refuses the approval (LOTTERY_RESULT_INVALID
 * with `differences`). The draw's tickets are then settled before the answer.
 */
export async function approveVnResult(
  db: Db,
  operator: VnActor,
  drawId: bigint,
  input: VnResultInput | undefined,
  now: Date,
): Promise<bigint> {
  await db.transaction().execute(async (trx) => {
    const draw = await lockedDraw(trx, operator, drawId);
    if (draw.status !== 'pending_approval' || !draw.proposed_result)
      throw new AppError('LOTTERY_RESULT_NOT_PENDING', { status: draw.status });
    if (draw.entered_by === operator.operatorId) throw new AppError('LOTTERY_RESULT_SAME_OPERATOR');
    if (input) refuseDifferences(draw.proposed_result as RuleResult, checked(draw, input));
    await approve(trx, operator, draw, 'approve', now);
  });
  await settleVnDraw(db, drawId, now);
  return drawId;
}

/** POST /bo/lottery/vn/draws/:id/reject: drops a pending result (a wrong entry) so it can be entered again. */
export async function rejectVnResult(
  db: Db,
  operator: VnActor,
  drawId: bigint,
  reason: string,
): Promise<bigint> {
  await db.transaction().execute(async (trx) => {
    const draw = await lockedDraw(trx, operator, drawId);
    if (draw.status !== 'pending_approval')
      throw new AppError('LOTTERY_RESULT_NOT_PENDING', { status: draw.status });
    await trx
      .updateTable('vn_draws')
      .set({ status: 'scheduled', proposed_result: null, source: null, entered_by: null, entered_at: null })
      .where('id', '=', draw.id)
      .execute();
    await audit(trx, operator, {
      action: 'lottery_vn.result.reject',
      targetId: String(draw.id),
      before: { result: draw.proposed_result, enteredBy: draw.entered_by, source: draw.source },
      reason,
    });
  });
  return drawId;
}

/**
 * POST /bo/lottery/vn/import: a result from a feed, by province and Vietnamese day. On an open draw it
 * waits for an approval like a typed one; on a draw whose pending result another operator entered it
 * is the second source — the same result settles the draw, a different one is refused with the
 * differing slots. Feeds retry, so importing the draw's settled result again answers it unchanged.
 */
export async function importVnResult(
  db: Db,
  operator: VnActor,
  province: string,
  date: string,
  input: VnResultInput,
  now: Date,
): Promise<bigint> {
  const found =
    (await drawByDay(db, operator.merchantId, province, date)) ??
    (await ensureVnDraw(db, operator.merchantId, province, date));
  if (!found) throw new AppError('LOTTERY_DRAW_NOT_FOUND');
  let settle = false;
  await db.transaction().execute(async (trx) => {
    const draw = await lockedDraw(trx, operator, found.id);
    const result = checked(draw, input);
    if (draw.status === 'scheduled') {
      assertClosed(draw, now);
      await propose(trx, operator, draw, result, 'import', now);
      return;
    }
    if (draw.status === 'pending_approval') {
      refuseDifferences(draw.proposed_result as RuleResult, result);
      if (draw.source === 'import' && draw.entered_by === operator.operatorId) return; // a feed's retry
      // Two sources means two people: not the entry's author, and never the key-holding feed twice.
      if (draw.entered_by === operator.operatorId) throw new AppError('LOTTERY_RESULT_SAME_OPERATOR');
      await approve(trx, operator, draw, 'import', now);
      settle = true;
      return;
    }
    if (draw.status === 'cancelled')
      throw new AppError('LOTTERY_RESULT_NOT_PENDING', { status: draw.status });
    // Settling or settled: the same result is a retry, another one is a conflict to resolve by hand.
    if (resultDifferences(draw.result as RuleResult, result).length)
      throw new AppError('LOTTERY_RESULT_EXISTS', { status: draw.status });
  });
  if (settle) await settleVnDraw(db, found.id, now);
  return found.id;
}

/**
 * POST /bo/lottery/vn/draws/:id/cancel: a draw that has not been settled (not held, or its result
 * withdrawn) is cancelled and every ticket's stake goes back to its player.
 */
export async function cancelVnDraw(
  db: Db,
  operator: VnActor,
  drawId: bigint,
  reason: string,
  now: Date,
): Promise<bigint> {
  await db.transaction().execute(async (trx) => {
    const draw = await lockedDraw(trx, operator, drawId);
    if (draw.status !== 'scheduled' && draw.status !== 'pending_approval')
      throw new AppError('LOTTERY_DRAW_NOT_CANCELLABLE', { status: draw.status });
    await trx
      .updateTable('vn_draws')
      .set({ status: 'cancelled', cancelled_at: now, cancel_reason: reason })
      .where('id', '=', draw.id)
      .execute();
    await audit(trx, operator, {
      action: 'lottery_vn.draw.cancel',
      targetId: String(draw.id),
      before: { status: draw.status },
      after: { status: 'cancelled' },
      reason,
    });
  });
  await refundVnDraw(db, drawId, now);
  return drawId;
}
