import type { SecurityOverview, profilePatch } from '@sorte/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { recentLogins } from '../auth/index.ts';
import { findMemberById } from '../members/index.ts';
import * as accounts from './payout-accounts.repository.ts';
import { holderNameMatches, tidyName } from './payout-accounts.rules.ts';
import { listPayoutAccounts, type MemberRef } from './payout-accounts.service.ts';
import { deviceFromUserAgent, maskEmail, maskMobile } from './security.rules.ts';

/** The member centre's "my account" page: contacts masked, what is set up, and the latest sign-ins. */
export async function securityOverview(db: Db, m: MemberRef): Promise<SecurityOverview> {
  const member = await findMemberById(db, m.memberId);
  if (!member || member.merchant_id !== m.merchantId) throw new AppError('UNAUTHENTICATED');
  const [payoutAccounts, logins] = await Promise.all([
    listPayoutAccounts(db, m),
    recentLogins(db, m.memberId, 10),
  ]);
  return {
    account: member.account,
    nickname: member.nickname,
    realName: member.payee_name,
    email: maskEmail(member.email),
    mobile: maskMobile(member.country_dialing_code, member.mobile),
    hasWithdrawalPassword: member.payment_password_hash !== null,
    payoutAccounts,
    recentLogins: logins.map((l) => ({
      at: l.at.toISOString(),
      ip: l.ip,
      device: deviceFromUserAgent(l.userAgent),
    })),
    createdAt: member.created_at.toISOString(),
  };
}

/**
 * The nickname may change any time; the real name only while it is empty, since payout accounts are
 * checked against it (sending the same name again is accepted, so a retried request succeeds).
 */
export async function updateProfile(
  db: Db,
  m: MemberRef,
  patch: z.infer<typeof profilePatch>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await accounts.lockMember(trx, m.memberId, m.merchantId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    if (patch.realName !== undefined) {
      if (member.payee_name === null)
        await accounts.setRealNameIfEmpty(trx, m.memberId, tidyName(patch.realName));
      else if (!holderNameMatches(patch.realName, member.payee_name))
        throw new AppError('CASHIER_REAL_NAME_LOCKED');
    }
    if (patch.nickname !== undefined) await accounts.setNickname(trx, m.memberId, patch.nickname);
  });
}
