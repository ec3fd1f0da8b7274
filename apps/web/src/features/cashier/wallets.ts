import type { WalletBalanceItem } from '@sorte/contracts';

export interface WalletCard {
  kind: string;
  name: string;
  balanceMinor: number;
  pendingMinor: number;
}

/** Main and bonus first, then each game wallet in the merchant's order (even when still empty). */
export function walletCards(
  wallets: readonly WalletBalanceItem[],
  gameWallets: readonly { kind: string; name: string }[],
  names: { main: string; bonus: string },
): WalletCard[] {
  const find = (kind: string) => wallets.find((w) => w.kind === kind);
  const card = (kind: string, name: string): WalletCard => ({
    kind,
    name,
    balanceMinor: find(kind)?.balanceMinor ?? 0,
    pendingMinor: find(kind)?.pendingMinor ?? 0,
  });
  return [
    card('main', names.main),
    card('bonus', names.bonus),
    ...gameWallets.map((g) => card(g.kind, g.name)),
  ];
}
