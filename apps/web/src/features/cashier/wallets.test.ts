import { expect, it } from 'vitest';
import { defaultRange } from './records';
import { walletCards } from './wallets';

const names = { main: 'Main', bonus: 'Bonus' };

it('lists main and bonus first, then every game wallet in the merchant order, empty ones at zero', () => {
  const cards = walletCards(
    [
      { kind: 'game:pp', balanceMinor: 500, pendingMinor: 0 },
      { kind: 'main', balanceMinor: 10_000, pendingMinor: 2_000 },
    ],
    [
      { kind: 'game:evo', name: 'Evolution' },
      { kind: 'game:pp', name: 'Pragmatic Play' },
    ],
    names,
  );
  expect(cards.map((c) => [c.kind, c.name, c.balanceMinor, c.pendingMinor])).toEqual([
    ['main', 'Main', 10_000, 2_000],
    ['bonus', 'Bonus', 0, 0],
    ['game:evo', 'Evolution', 0, 0],
    ['game:pp', 'Pragmatic Play', 500, 0],
  ]);
});

it('defaults the account records filter to the last 30 days as calendar dates', () => {
  expect(defaultRange(new Date(2026, 2, 15, 10, 0))).toEqual({
    dateFrom: '2026-02-13',
    dateTo: '2026-03-15',
  });
});
