import { useCallback, useRef, useState } from 'react';
import type { OriginalRound } from './api';
import { increaseByPercent } from './amount';

/** What the stake does after a win or a loss: back to the base stake, or up by a percentage. */
export interface AutoAdjust {
  mode: 'reset' | 'increase';
  percent: number;
}

export interface AutoBetSettings {
  /** How many bets; 0 = until stopped. */
  count: number;
  /** Stop once the run's profit reaches this (minor units; 0 = off). */
  stopProfitMinor: bigint;
  /** Stop once the run's loss reaches this (minor units; 0 = off). */
  stopLossMinor: bigint;
  onWin: AutoAdjust;
  onLoss: AutoAdjust;
}

export const DEFAULT_AUTO: AutoBetSettings = {
  count: 10,
  stopProfitMinor: 0n,
  stopLossMinor: 0n,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
};

/** The stake of the next auto bet. */
export function nextAutoAmount(
  base: bigint,
  current: bigint,
  won: boolean,
  settings: AutoBetSettings,
): bigint {
  const adjust = won ? settings.onWin : settings.onLoss;
  return adjust.mode === 'reset' ? base : increaseByPercent(current, adjust.percent);
}

/** Whether the run stops after `played` bets with this profit (negative = loss). */
export function autoShouldStop(played: number, profitMinor: bigint, settings: AutoBetSettings): boolean {
  if (settings.count > 0 && played >= settings.count) return true;
  if (settings.stopProfitMinor > 0n && profitMinor >= settings.stopProfitMinor) return true;
  if (settings.stopLossMinor > 0n && -profitMinor >= settings.stopLossMinor) return true;
  return false;
}

const PAUSE_MS = 300;

/**
 * Runs auto-bet: plays `play(amount)` until the count or a stop is reached, the player stops, or a
 * bet fails (the error is the screen's to show). Each bet is its own intent (own idempotency key).
 */
export function useAutoBet(play: (amountMinor: bigint) => Promise<OriginalRound>) {
  const [running, setRunning] = useState(false);
  const [played, setPlayed] = useState(0);
  const [profitMinor, setProfit] = useState(0n);
  const stopRef = useRef(false);

  const start = useCallback(
    async (baseMinor: bigint, settings: AutoBetSettings) => {
      stopRef.current = false;
      setRunning(true);
      setPlayed(0);
      setProfit(0n);
      let amount = baseMinor;
      let count = 0;
      let profit = 0n;
      try {
        while (!stopRef.current) {
          const round = await play(amount);
          count++;
          profit += BigInt(round.payoutMinor - round.stakeMinor);
          setPlayed(count);
          setProfit(profit);
          if (autoShouldStop(count, profit, settings)) break;
          amount = nextAutoAmount(baseMinor, amount, round.payoutMinor > 0, settings);
          await new Promise((done) => setTimeout(done, PAUSE_MS));
        }
      } catch {
        // the bet hook keeps the error for display; the run just ends
      } finally {
        setRunning(false);
      }
    },
    [play],
  );
  const stop = useCallback(() => {
    stopRef.current = true;
  }, []);
  return { running, played, profitMinor, start, stop };
}
