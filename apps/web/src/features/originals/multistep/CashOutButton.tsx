import { floorToUnits, payoutMinor } from '@sorte/money';
import { useMoney } from '../../../lib/money';
import type { MultistepRound } from './api';
import type { StepRound } from './use-step-round';

/** What cashing the round out pays now: stake × the multiplier reached (on the grid), as the server pays. */
export function cashNowOf(round: MultistepRound | null): bigint {
  return round ? payoutMinor(BigInt(round.stakeMinor), floorToUnits(round.multiplier)) : 0n;
}

/**
 * The open round's cash-out, shared by mines and hilo: the amount it pays now, or (before the first
 * safe pick / right guess) why it cannot yet. Render it only while the round is open.
 */
export function CashOutButton({
  play,
  round,
  className,
  label,
  notYet,
}: {
  play: StepRound;
  round: MultistepRound;
  className: string;
  /** The button's words with the amount it pays now. */
  label: (amount: string) => string;
  notYet: string;
}) {
  const { format } = useMoney();
  return (
    <button
      type="button"
      className={`og-play ${className}`}
      data-testid="cashout"
      disabled={!round.canCashOut || play.pending !== null}
      onClick={() => void play.cashout()}
    >
      {round.canCashOut ? label(format(cashNowOf(round))) : notYet}
    </button>
  );
}
