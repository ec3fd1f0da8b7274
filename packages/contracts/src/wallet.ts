import { z } from 'zod';

/** Amounts on the wire are integers in minor units (ARCHITECTURE §4): 1234 BRL minor = R$ 12,34. */
export const minorUnits = z.number().int();

export const walletBalanceItem = z.object({
  /** 'main', 'bonus', 'game:<vendor>', 'commission'. */
  kind: z.string(),
  balanceMinor: minorUnits,
  /** Reserved by open holds (pending withdrawals, unsettled bets); not spendable. */
  pendingMinor: minorUnits,
});
export type WalletBalanceItem = z.infer<typeof walletBalanceItem>;

/** GET /wps/v2/wallets/balance. */
export const walletBalanceResponse = z.object({
  /** Spendable total over every wallet: sum of (balanceMinor - pendingMinor). */
  sumBalance: minorUnits,
  /** The same figure under the name the web header reads. */
  balanceMinor: minorUnits,
  currency: z.string(),
  currencySymbol: z.string(),
  wallets: z.array(walletBalanceItem),
});
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponse>;
