import type { DiceDirection } from '@sorte/fairness';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetPanel,
  GameLayout,
  NumberField,
  type OriginalRound,
  RecentRounds,
  SeedPanel,
  usePlaceBet,
  useStake,
} from '../kit';
import { localDecimal } from '../../../lib/multiplier';
import { clampTarget, flipTarget, oddsOf, targetFromChance, targetFromMultiplier } from './dice-odds';
import './dice.css';

type DiceParams = { target: number; direction: DiceDirection };

const two = (n: number) => n.toFixed(2);
const four = (n: number) => n.toFixed(4);

interface DiceOutcome {
  roll: number;
  win: boolean;
}

function outcomeOf(round: OriginalRound): DiceOutcome {
  return { roll: Number(round.outcome.roll), win: Boolean(round.outcome.win) };
}

/** Dice: roll 0.00–100.00 over or under a target; target, multiplier and win chance move together. */
export function DiceScreen() {
  const { t } = useTranslation('originals');
  const [stake, setStake] = useStake('dice');
  const [params, setParams] = useState<DiceParams>({ target: 50.5, direction: 'over' });
  const [last, setLast] = useState<DiceOutcome | null>(null);
  const [rollKey, setRollKey] = useState(0);
  const bet = usePlaceBet<DiceParams>('dice');
  const odds = oddsOf(params.target, params.direction);
  const busy = bet.pending;

  const onRound = useCallback((round: OriginalRound) => {
    setLast(outcomeOf(round));
    setRollKey((k) => k + 1);
  }, []);

  const setTarget = (target: number) =>
    setParams((p) => ({ ...p, target: clampTarget(target, p.direction) }));
  const flip = () =>
    setParams((p) => ({
      target: flipTarget(p.target, p.direction),
      direction: p.direction === 'under' ? 'over' : 'under',
    }));

  const stage = (
    <div className="dice-stage">
      <div
        key={rollKey}
        className={
          last ? `og-result dice-result ${last.win ? 'is-win' : 'is-loss'}` : 'og-result dice-result'
        }
        data-testid="dice-result"
      >
        {last ? two(last.roll) : '–'}
      </div>
      <div className="dice-track-wrap">
        <div className="dice-scale" aria-hidden>
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n} style={{ left: `${n}%` }}>
              {n}
            </span>
          ))}
        </div>
        <div
          className={`dice-track dice-track--${params.direction}`}
          style={{ '--dice-split': `${params.target}%` } as React.CSSProperties}
        >
          <input
            type="range"
            className="dice-slider"
            min={2}
            max={98}
            step={0.01}
            value={params.target}
            disabled={busy}
            aria-label={t('dice.target')}
            data-testid="dice-slider"
            onChange={(e) => setTarget(Number(e.target.value))}
          />
          {last ? (
            <span
              className={last.win ? 'dice-marker is-win' : 'dice-marker is-loss'}
              style={{ left: `${last.roll}%` }}
              data-testid="dice-marker"
            >
              {two(last.roll)}
            </span>
          ) : null}
        </div>
      </div>
      <div className="og-stats">
        <NumberField
          label={t('dice.multiplier')}
          value={odds.multiplier}
          format={four}
          suffix="×"
          disabled={busy}
          testId="dice-multiplier"
          onCommit={(m) =>
            setParams((p) => ({ ...p, target: targetFromMultiplier(Math.max(1.0102, m), p.direction) }))
          }
        />
        <div className="og-field">
          <span className="og-field__label">
            {params.direction === 'over' ? t('dice.rollOver') : t('dice.rollUnder')}
          </span>
          <button type="button" className="dice-flip" onClick={flip} disabled={busy} data-testid="dice-flip">
            <span data-testid="dice-target">{localDecimal(two(params.target))}</span>
            <span aria-hidden>⇄</span>
          </button>
        </div>
        <NumberField
          label={t('dice.chance')}
          value={odds.chance * 100}
          format={four}
          suffix="%"
          disabled={busy}
          testId="dice-chance"
          onCommit={(c) => setParams((p) => ({ ...p, target: targetFromChance(c, p.direction) }))}
        />
      </div>
    </div>
  );

  return (
    <GameLayout
      game="dice"
      title={t('dice.title')}
      controls={
        <BetPanel
          stake={stake}
          onStake={setStake}
          bet={bet}
          params={params}
          onRound={onRound}
          winMultiplier={odds.multiplier}
          auto
          hotkeys
        />
      }
      stage={stage}
      footer={
        <>
          <RecentRounds
            game="dice"
            describe={(round) => {
              const o = round.outcome;
              return `${two(Number(o.roll))} ${o.direction === 'under' ? '<' : '>'} ${two(Number(o.target))}`;
            }}
          />
          <SeedPanel game="dice" />
        </>
      }
    />
  );
}
