import type { SportsEvent } from '@sorte/contracts';
import { Icon } from '../../components/ui/Icon';
import { useOddsFlash } from './live-odds';
import { legKey } from './slip-math';
import { isSelected, useSlip } from './slip-store';
import { useOddsText } from './use-labels';

interface Props {
  event: SportsEvent;
  market: string;
  specifiers: string;
  outcome: { id: string; odds: number | null; open: boolean };
  /** The outcome's name; omitted in the lobby's compact columns (their header names them). */
  label?: string;
  /** Accessible name when the label is not shown. */
  ariaLabel: string;
}

/**
 * One price: a tap adds the selection to the slip (or takes it out). It flashes green or red for a
 * second when the price moves, and shows a lock while bets are not taken on it.
 */
export function OddsButton({ event, market, specifiers, outcome, label, ariaLabel }: Props) {
  const oddsText = useOddsText();
  const toggle = useSlip((s) => s.toggle);
  const key = legKey({ eventId: event.id, market, specifiers, outcome: outcome.id });
  const selected = useSlip((s) => isSelected(s.selections, key));
  const flash = useOddsFlash(outcome.odds);
  const closed = !outcome.open || outcome.odds === null;
  return (
    <button
      type="button"
      className={`sb-odds${selected ? ' is-selected' : ''}${flash ? ` is-${flash}` : ''}`}
      data-testid="odds"
      data-event={event.id}
      data-market={market}
      data-specifiers={specifiers}
      data-outcome={outcome.id}
      aria-pressed={selected}
      aria-label={ariaLabel}
      disabled={closed && !selected}
      onClick={() => {
        if (outcome.odds === null) return;
        toggle({
          eventId: event.id,
          sport: event.sport,
          home: event.home.name,
          away: event.away.name,
          market,
          specifiers,
          outcome: outcome.id,
          odds: outcome.odds,
        });
      }}
    >
      {label ? <span className="sb-odds__label">{label}</span> : null}
      <span className="sb-odds__price">
        {closed || outcome.odds === null ? <Icon name="lock" size={14} /> : oddsText(outcome.odds)}
      </span>
    </button>
  );
}
