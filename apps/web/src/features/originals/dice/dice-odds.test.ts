import { diceOdds } from '@sorte/fairness';
import { expect, it } from 'vitest';
import { clampTarget, flipTarget, targetFromChance, targetFromMultiplier } from './dice-odds';

it('links multiplier and win chance back to a valid target on the 0.01 grid', () => {
  expect(targetFromMultiplier(2, 'under')).toBe(49.5);
  expect(targetFromMultiplier(2, 'over')).toBe(50.5);
  expect(targetFromChance(50, 'under')).toBe(50.01);
  // 98% is the ceiling, whatever is typed
  expect(targetFromChance(99.9, 'under')).toBe(98.01);
  expect(targetFromChance(99.9, 'over')).toBe(1.99);
  expect(() => diceOdds({ target: targetFromChance(0, 'under'), direction: 'under' })).not.toThrow();
  expect(targetFromMultiplier(1e9, 'over')).toBe(99.99);
  expect(() => diceOdds({ target: 99.99, direction: 'over' })).not.toThrow();
});

it('flips to the other direction with the same chance and clamps slider values', () => {
  expect(flipTarget(49.5, 'under')).toBe(50.5);
  expect(flipTarget(50.5, 'over')).toBe(49.5);
  expect(diceOdds({ target: 49.5, direction: 'under' }).chance).toBe(
    diceOdds({ target: 50.5, direction: 'over' }).chance,
  );
  expect(clampTarget(99, 'under')).toBe(98.01);
  expect(clampTarget(0, 'under')).toBe(0.01);
  expect(clampTarget(1, 'over')).toBe(1.99);
});
