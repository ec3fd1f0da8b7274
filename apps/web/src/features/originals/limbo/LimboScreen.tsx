import { DEFAULT_HOUSE_EDGE, LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '@sorte/fairness';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetPanel,
  GameLayout,
  NumberField,
  type OriginalRound,
  RecentRounds,
  SeedPanel,
  formatMultiplier,
  useCountUp,
  usePlaceBet,
  useStake,
} from '../kit';
import './limbo.css';

type LimboParams = { target: number };

const two = (n: number) => n.toFixed(2);
const clampTarget = (n: number) =>
  Math.min(LIMBO_MAX_TARGET, Math.max(LIMBO_MIN_TARGET, Math.round(n * 100) / 100));
/** The win chance shown beside the target: (1 − edge) / target. */
const chanceOf = (target: number) => ((1 - DEFAULT_HOUSE_EDGE) / target) * 100;

/** Limbo: pick a target multiplier; the round's result must reach it. */
export function LimboScreen() {
  const { t } = useTranslation('originals');
  const [stake, setStake] = useStake('limbo');
  const [target, setTarget] = useState(2);
  const [last, setLast] = useState<{ result: number; win: boolean } | null>(null);
  const counter = useCountUp();
  const bet = usePlaceBet<LimboParams>('limbo', { deferReveal: true });

  const onRound = useCallback(
    async (round: OriginalRound) => {
      const result = Number(round.outcome.result);
      setLast(null);
      await counter.run(result);
      setLast({ result, win: Boolean(round.outcome.win) });
    },
    [counter],
  );

  const shown = counter.value;
  const stateClass = last ? (last.win ? 'is-win' : 'is-loss') : '';
  return (
    <GameLayout
      game="limbo"
      title={t('limbo.title')}
      controls={
        <BetPanel
          stake={stake}
          onStake={setStake}
          bet={bet}
          params={{ target }}
          onRound={onRound}
          winMultiplier={target}
          auto
          hotkeys
        />
      }
      stage={
        <div className="limbo-stage">
          <div className={`og-result limbo-result ${stateClass}`} data-testid="limbo-result">
            {formatMultiplier(shown ?? 1)}
          </div>
          <div className="og-stats limbo-stats">
            <NumberField
              label={t('limbo.target')}
              value={target}
              format={two}
              suffix="×"
              disabled={bet.pending}
              testId="limbo-target"
              onCommit={(n) => setTarget(clampTarget(n))}
            />
            <NumberField
              label={t('limbo.chance')}
              value={chanceOf(target)}
              format={(n) => n.toFixed(4)}
              suffix="%"
              disabled={bet.pending}
              onCommit={(c) =>
                setTarget(clampTarget((1 - DEFAULT_HOUSE_EDGE) / (Math.min(99, Math.max(0.0001, c)) / 100)))
              }
            />
          </div>
        </div>
      }
      footer={
        <>
          <RecentRounds
            game="limbo"
            describe={(round) =>
              `${formatMultiplier(Number(round.outcome.result))} / ${formatMultiplier(Number(round.outcome.target))}`
            }
          />
          <SeedPanel game="limbo" />
        </>
      }
    />
  );
}
