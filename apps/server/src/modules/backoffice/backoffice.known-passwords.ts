import type { Db } from '../../platform/database/database.ts';
import { matchesAnyPassword } from '../auth/index.ts';

/** An operator found still signing in with a published password (the password itself is not named). */
export interface OperatorWithKnownPassword {
  merchant: string;
  username: string;
}

/**
 * The operators whose password is one of `passwords` (the published demo ones), checked against
 * every operator's argon2id hash: ~50 ms per operator and password, paid once per production
 * start, where operators are tens. Disabled operators count too: an administrator can enable them.
 */
export async function operatorsWithKnownPasswords(
  db: Db,
  passwords: readonly string[],
): Promise<OperatorWithKnownPassword[]> {
  const operators = await db
    .selectFrom('operators')
    .innerJoin('merchants', 'merchants.id', 'operators.merchant_id')
    .select(['merchants.code as merchant', 'operators.username', 'operators.password_hash'])
    .orderBy('merchants.code')
    .orderBy('operators.username')
    .execute();
  const found: OperatorWithKnownPassword[] = [];
  for (const operator of operators) {
    if (await matchesAnyPassword(operator.password_hash, passwords))
      found.push({ merchant: operator.merchant, username: operator.username });
  }
  return found;
}
