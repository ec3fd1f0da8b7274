import { type PayoutAccount, type PayoutAccountInput, profilePatch } from '@sorte/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { getCashierSettings } from './cashier-settings.ts';
import * as repo from './payout-accounts.repository.ts';
import type { PayoutAccountRow } from './payout-accounts.repository.ts';
import {
  holderNameMatches,
  maskedLabel,
  normalizeName,
  normalizePixKey,
  tidyName,
} from './payout-accounts.rules.ts';

export interface MemberRef {
  memberId: string;
  merchantId: string;
}

export function toPayoutAccount(row: PayoutAccountRow): PayoutAccount {
  return {
    id: row.id,
    type: row.type,
    label: maskedLabel(row),
    holderName: row.holder_name,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listPayoutAccounts(db: Db, m: MemberRef): Promise<PayoutAccount[]> {
  return (await repo.listActive(db, m.memberId, m.merchantId)).map(toPayoutAccount);
}

/** The stored columns of an input, with the PIX key in its normalised form (or a field error). */
function columnsOf(input: PayoutAccountInput) {
  if (input.type === 'bank')
    return {
      type: 'bank' as const,
      bank_name: tidyName(input.bankName),
      branch: input.branch.toUpperCase(),
      account_number: input.accountNumber.toUpperCase(),
      pix_key_type: null,
      pix_key: null,
    };
  const key = normalizePixKey(input.pixKeyType, input.pixKey);
  if (!key) throw fieldErrors([{ field: 'pixKey', key: 'invalid', params: {} }]);
  return {
    type: 'pix' as const,
    bank_name: null,
    branch: null,
    account_number: null,
    pix_key_type: input.pixKeyType,
    pix_key: key,
  };
}

function sameAccount(a: ReturnType<typeof columnsOf>, b: PayoutAccountRow): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'pix') return a.pix_key === b.pix_key;
  return (
    normalizeName(a.bank_name ?? '') === normalizeName(b.bank_name ?? '') &&
    a.branch === b.branch &&
    a.account_number === b.account_number
  );
}

/**
 * Adds a payout account. The holder must be the member: the name is compared with the member's real
 * name ignoring case, accents and extra spaces. Rule for a member without a real name yet: adding the
 * FIRST payout account sets the real name to its holder name (CASHIER_REAL_NAME_REQUIRED never blocks
 * that first account); from then on every account must carry that same name. All of it runs under
 * the member's row lock, so the limit and the duplicate check hold against concurrent requests.
 */
export async function addPayoutAccount(
  db: Db,
  clock: Clock,
  m: MemberRef,
  input: PayoutAccountInput,
): Promise<PayoutAccount> {
  const columns = columnsOf(input);
  const settings = await getCashierSettings(db, m.merchantId);
  return db.transaction().execute(async (trx) => {
    const member = await repo.lockMember(trx, m.memberId, m.merchantId);
    if (!member) throw new AppError('UNAUTHENTICATED');
    const holderName = tidyName(input.holderName);
    if (member.payee_name === null) {
      if (!profilePatch.shape.realName.safeParse(holderName).success)
        throw fieldErrors([{ field: 'holderName', key: 'invalid', params: {} }]);
      await repo.setRealNameIfEmpty(trx, m.memberId, holderName);
    } else if (!holderNameMatches(holderName, member.payee_name)) {
      throw new AppError('CASHIER_HOLDER_NAME_MISMATCH');
    }
    const active = await repo.listActive(trx, m.memberId, m.merchantId);
    if (active.some((row) => sameAccount(columns, row))) throw new AppError('CASHIER_PAYOUT_ACCOUNT_EXISTS');
    if (active.length >= settings.maxPayoutAccounts)
      throw new AppError('CASHIER_PAYOUT_ACCOUNT_LIMIT', { max: settings.maxPayoutAccounts });
    const row = await repo.insertAccount(trx, {
      ...columns,
      merchant_id: m.merchantId,
      member_id: m.memberId,
      holder_name: holderName,
      is_default: active.length === 0,
      created_at: clock.now(),
    });
    return toPayoutAccount(row);
  });
}

async function ownActive(db: Db, m: MemberRef, id: string): Promise<PayoutAccountRow> {
  const row = isUuid(id) ? await repo.findOwn(db, m.memberId, m.merchantId, id) : undefined;
  if (!row || row.removed_at) throw new AppError('CASHIER_PAYOUT_ACCOUNT_NOT_FOUND');
  return row;
}

/**
 * Removal is soft (removed_at): withdrawals made to the account keep showing where the money went.
 * When the default goes, the oldest remaining account becomes the default.
 */
export async function removePayoutAccount(db: Db, clock: Clock, m: MemberRef, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, m.memberId, m.merchantId);
    const row = await ownActive(trx, m, id);
    await repo.markRemoved(trx, row.id, clock.now());
    const rest = await repo.listActive(trx, m.memberId, m.merchantId);
    if (row.is_default && rest[0]) await repo.setDefault(trx, m.memberId, rest[0].id);
  });
}

export async function makeDefault(db: Db, m: MemberRef, id: string): Promise<PayoutAccount[]> {
  await db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, m.memberId, m.merchantId);
    const row = await ownActive(trx, m, id);
    await repo.setDefault(trx, m.memberId, row.id);
  });
  return listPayoutAccounts(db, m);
}

/** For withdrawals: the member's own account, not removed. */
export async function usablePayoutAccount(db: Db, m: MemberRef, id: string): Promise<PayoutAccountRow> {
  return ownActive(db, m, id);
}
