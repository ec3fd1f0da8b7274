import type { z } from 'zod';
import type { withdrawalPasswordRequest } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/index.ts';
import * as repo from './withdrawal-password.repository.ts';

/** Wrong answers in a row before the password locks, and for how long. */
export const MAX_WRONG_ATTEMPTS = 5;
export const LOCK_MS = 30 * 60_000;

export async function hasWithdrawalPassword(db: Db, memberId: string): Promise<boolean> {
  return (await repo.findPasswordHash(db, memberId)) !== null;
}

/**
 * Checks the member's withdrawal password before money leaves (withdrawals, transfers to another
 * member). None set → CASHIER_WITHDRAWAL_PASSWORD_REQUIRED; wrong → CASHIER_WITHDRAWAL_PASSWORD_WRONG
 * with the attempts left; the fifth wrong answer in a row, and every attempt for 30 minutes after it,
 * → CASHIER_WITHDRAWAL_PASSWORD_LOCKED. A right answer clears the count.
 */
export async function checkWithdrawalPassword(
  db: Db,
  memberId: string,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  const hash = await repo.findPasswordHash(db, memberId);
  if (hash === null) throw new AppError('CASHIER_WITHDRAWAL_PASSWORD_REQUIRED');
  const attempt = await repo.claimAttempt(
    db,
    memberId,
    now,
    MAX_WRONG_ATTEMPTS,
    new Date(now.getTime() + LOCK_MS),
  );
  // The try is counted before it is compared (claimAttempt), so a burst gets MAX_WRONG_ATTEMPTS
  // comparisons in all, and a right password past them is refused like the rest until the lock ends.
  if (attempt.failures > MAX_WRONG_ATTEMPTS) throw locked(attempt.lockedUntil, now);
  if (await verifyPassword(hash, password)) {
    await repo.clearAttempts(db, memberId);
    return;
  }
  if (attempt.failures >= MAX_WRONG_ATTEMPTS) throw locked(attempt.lockedUntil, now);
  throw new AppError('CASHIER_WITHDRAWAL_PASSWORD_WRONG', {
    attemptsLeft: MAX_WRONG_ATTEMPTS - attempt.failures,
  });
}

/** The lock answer: until when, and in how many seconds, so the player is told when to try again. */
function locked(lockedUntil: Date | null, now: Date): AppError {
  const until = lockedUntil ?? new Date(now.getTime() + LOCK_MS);
  return new AppError('CASHIER_WITHDRAWAL_PASSWORD_LOCKED', {
    lockedUntil: until.toISOString(),
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  });
}

/** Sets the first withdrawal password, or changes it when the old one is given and right. */
export async function setWithdrawalPassword(
  db: Db,
  memberId: string,
  input: z.infer<typeof withdrawalPasswordRequest>,
  now: Date,
): Promise<void> {
  if (input.newPassword !== input.confirmPassword) throw new AppError('CASHIER_WITHDRAWAL_PASSWORD_MISMATCH');
  const oldRequired = fieldErrors([{ field: 'oldPassword', key: 'required', params: {} }]);
  const first = !(await hasWithdrawalPassword(db, memberId));
  if (!first) {
    if (input.oldPassword === undefined) throw oldRequired;
    await checkWithdrawalPassword(db, memberId, input.oldPassword, now);
  }
  if (!(await repo.savePasswordHash(db, memberId, await hashPassword(input.newPassword), first)))
    throw oldRequired;
}
