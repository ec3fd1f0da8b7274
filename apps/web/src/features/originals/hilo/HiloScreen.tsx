import type { HiloCardView } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import {
  BetAmountInput,
  ErrorLine,
  formatMultiplier,
  GameLayout,
  PlayButton,
  RecentRounds,
  SeedPanel,
  useStake,
} from '../kit';
import { CashOutButton, cashNowOf, type MultistepRound, useStepRound } from '../multistep';
import { CardFace } from './CardFace';
import { type GuessOption, guessOptions } from './hilo-odds';
import './hilo.css';

const MARK: Record<string, string> = {
  higher: '▲',
  higherOrSame: '▲',
  lower: '▼',
  lowerOrSame: '▼',
  same: '=',
  skip: '»',
};

function currentCard(round: MultistepRound | null): HiloCardView | null {
  if (!round?.hilo) return null;
  return round.hilo.steps.at(-1)?.card ?? round.hilo.start;
}

/**
 * Hilo: from a start card, guess whether the next is higher or lower (or skip it); each right guess
 * multiplies the win, a wrong one ends the round. Cards come from an unlimited deck, Ace lowest.
 */
export function HiloScreen() {
  const { t } = useTranslation('originals');
  const { format } = useMoney();
  const [stake, setStake] = useStake('hilo');
  const play = useStepRound('hilo');
  const round = play.round;
  const open = round?.status === 'open';
  const busy = play.pending !== null;
  const card = currentCard(round);
  const options = open && card ? guessOptions(card.value, round.houseEdge) : null;
  const step = round?.hilo?.steps.length ?? 0;
  const cashNow = cashNowOf(round);

  const guess = (action: string) => void play.move('guess', { step, action });
  const guessButton = (option: GuessOption, testId: string) => (
    <button
      type="button"
      className={`hilo-guess hilo-guess--${testId}`}
      data-testid={`hilo-${testId}`}
      data-guess={option.guess}
      disabled={busy}
      onClick={() => guess(option.guess)}
    >
      <span className="hilo-guess__label">
        {MARK[option.guess]} {t(`hilo.guess.${option.guess}`)}
      </span>
      <span className="hilo-guess__odds">
        {(option.probability * 100).toFixed(2)}% ·{' '}
        {formatMultiplier(round ? round.multiplier * option.payout : option.payout)}
      </span>
    </button>
  );

  const controls = (
    <>
      <BetAmountInput value={stake} onChange={setStake} disabled={open || busy} />
      {open && options ? (
        <>
          {guessButton(options.up, 'up')}
          {guessButton(options.down, 'down')}
          <button
            type="button"
            className="og-btn"
            data-testid="hilo-skip"
            disabled={busy}
            onClick={() => guess('skip')}
          >
            {t('hilo.skip')}
          </button>
          <CashOutButton
            play={play}
            round={round}
            className="hilo-cashout"
            label={(amount) => t('hilo.cashoutWith', { amount })}
            notYet={t('hilo.guessFirst')}
          />
        </>
      ) : (
        <PlayButton
          onPlay={() => void play.start(stake, {})}
          pending={play.pending === 'start'}
          disabled={stake <= 0n}
        />
      )}
      <ErrorLine error={play.error} />
    </>
  );

  // Append-only: a card's place in the round is its identity.
  const cards: {
    pos: number;
    card: HiloCardView;
    mark: string | null;
    correct: boolean;
    multiplier: number | null;
  }[] = round?.hilo
    ? [
        { pos: 0, card: round.hilo.start, mark: null, correct: true, multiplier: null },
        ...round.hilo.steps.map((s, i) => ({
          pos: i + 1,
          card: s.card,
          mark: MARK[s.action] ?? null,
          correct: s.correct,
          multiplier: s.action === 'skip' ? null : s.multiplier,
        })),
      ]
    : [];

  const stage = (
    <div className="hilo-stage">
      <div className="hilo-table">
        <div className="hilo-rank-hint" aria-hidden>
          <span>K</span>
          <span>{t('hilo.highest')}</span>
        </div>
        <div className="hilo-current" data-testid="hilo-current" key={card?.index ?? 'back'}>
          <CardFace card={card} />
        </div>
        <div className="hilo-rank-hint" aria-hidden>
          <span>A</span>
          <span>{t('hilo.lowest')}</span>
        </div>
      </div>
      <div className="og-stats hilo-stats">
        <div className="og-field">
          <span className="og-field__label">{t('hilo.multiplier')}</span>
          <strong data-testid="hilo-multiplier">{formatMultiplier(round?.multiplier ?? 1)}</strong>
        </div>
        <div className="og-field">
          <span className="og-field__label">{t('hilo.profit')}</span>
          <strong>
            {round
              ? format(cashNow > BigInt(round.stakeMinor) ? cashNow - BigInt(round.stakeMinor) : 0n)
              : '–'}
          </strong>
        </div>
        <div className="og-field">
          <span className="og-field__label">{t('hilo.status')}</span>
          <strong
            data-testid="hilo-status"
            className={round?.status === 'won' ? 'og-win' : round?.status === 'lost' ? 'og-loss' : ''}
          >
            {round ? t(`hilo.state.${round.status}`) : '–'}
          </strong>
        </div>
      </div>
      {cards.length ? (
        <ol className="hilo-history" data-testid="hilo-history" aria-label={t('hilo.history')}>
          {cards.map((c) => (
            <li key={c.pos} className={c.correct ? 'is-right' : 'is-wrong'}>
              <CardFace card={c.card} size="sm" />
              <span className="hilo-history__mark">{c.mark ?? t('hilo.start')}</span>
              {c.multiplier !== null ? (
                <span className="hilo-history__x">{formatMultiplier(c.multiplier)}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );

  return (
    <GameLayout
      game="hilo"
      title={t('hilo.title')}
      controls={controls}
      stage={stage}
      footer={
        <>
          <RecentRounds
            game="hilo"
            describe={(r) =>
              t('hilo.describe', { count: (r.outcome.actions as unknown[] | undefined)?.length ?? 0 })
            }
          />
          <SeedPanel game="hilo" />
        </>
      }
    />
  );
}
