import { DEFAULT_HOUSE_EDGE } from '@sorte/fairness';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useMoney } from '../../../lib/money';
import {
  BetAmountInput,
  ControlField,
  ErrorLine,
  formatMultiplier,
  GameLayout,
  PlayButton,
  RecentRounds,
  SeedPanel,
  Segmented,
  useStake,
} from '../kit';
import { CashOutButton, useStepRound } from '../multistep';
import { MinesBoard } from './MinesBoard';
import { MINE_COUNTS, maxStakeFor, nextSafeChance, QUICK_MINES, topMultiplier } from './mines-odds';
import './mines.css';

/**
 * Mines: pick a number of mines, then reveal tiles one by one; each gem raises the multiplier, a mine
 * ends the round. The layout is fixed (and committed to by the hashed server seed) at the start.
 */
export function MinesScreen() {
  const { t } = useTranslation('originals');
  const { format, locale } = useMoney();
  const [stake, setStake] = useStake('mines');
  const [mines, setMines] = useState(3);
  const play = useStepRound('mines');
  const round = play.round;
  const open = round?.status === 'open';
  // A round resumed after a reload brings its own mine count: the picker follows it.
  const roundMines = round?.mines?.mineCount;
  useEffect(() => {
    if (roundMines) setMines(roundMines);
  }, [roundMines]);
  const busy = play.pending !== null;
  const count = open && round.mines ? round.mines.mineCount : mines;
  const safePicks = round?.mines?.revealed.filter((r) => r.safe).length ?? 0;
  const houseEdge = round?.houseEdge ?? DEFAULT_HOUSE_EDGE;

  // A start refused for its possible win: say which stake this mine count allows (the merchant's
  // max win over the top multiplier's profit).
  const maxWin =
    play.error instanceof ApiError && play.error.code === 'ORIGINALS_WIN_TOO_LARGE'
      ? Number(play.error.details?.maxWinMinor)
      : Number.NaN;
  const maxStake = Number.isInteger(maxWin) ? maxStakeFor(count, houseEdge, BigInt(maxWin)) : null;

  // Up to millions with 12 mines: grouped digits, not "5148297.00×".
  const bigMultiplier = (x: number) => formatMultiplier(x, { locale });
  // A changed choice makes an earlier refusal moot.
  const choose = (n: number) => {
    setMines(n);
    play.clearError();
  };

  const pick = (tile: number) => void play.move('reveal', { tile });
  const randomTile = () => {
    const taken = new Set(round?.mines?.revealed.map((r) => r.tile));
    const free = Array.from({ length: 25 }, (_, i) => i).filter((i) => !taken.has(i));
    const tile = free[Math.floor(Math.random() * free.length)];
    if (tile !== undefined) pick(tile);
  };

  const controls = (
    <>
      <BetAmountInput
        value={stake}
        onChange={(next) => {
          setStake(next);
          play.clearError();
        }}
        disabled={open || busy}
      />
      <ControlField label={t('mines.count')} aside={t('mines.gems', { count: 25 - count })}>
        <Segmented
          value={QUICK_MINES.includes(count as (typeof QUICK_MINES)[number]) ? count : -1}
          options={QUICK_MINES.map((n) => ({ value: n, label: String(n) }))}
          onChange={choose}
          disabled={open || busy}
          label={t('mines.count')}
        />
        <select
          className="og-input mines-count"
          value={count}
          disabled={open || busy}
          aria-label={t('mines.count')}
          data-testid="mines-count"
          onChange={(e) => choose(Number(e.target.value))}
        >
          {MINE_COUNTS.map((n) => (
            <option key={n} value={n}>
              {t('mines.countOption', { count: n })}
            </option>
          ))}
        </select>
      </ControlField>
      {open ? (
        <>
          <CashOutButton
            play={play}
            round={round}
            className="mines-cashout"
            label={(amount) => t('mines.cashoutWith', { amount })}
            notYet={t('mines.pickFirst')}
          />
          <button
            type="button"
            className="og-btn"
            data-testid="random-tile"
            disabled={busy}
            onClick={randomTile}
          >
            {t('mines.random')}
          </button>
        </>
      ) : (
        <PlayButton
          onPlay={() => void play.start(stake, { mines })}
          pending={play.pending === 'start'}
          disabled={stake <= 0n}
        />
      )}
      <p className="og-muted mines-top">
        {t('mines.top', { multiplier: bigMultiplier(topMultiplier(count, houseEdge)) })}
      </p>
      <ErrorLine error={play.error} />
      {maxStake !== null ? (
        <p className="og-muted mines-top" data-testid="mines-max-stake">
          {t('mines.maxStake', { count, amount: format(maxStake) })}
        </p>
      ) : null}
    </>
  );

  const next = open ? round.mines?.nextMultiplier : null;
  const stage = (
    <div className="mines-stage">
      <div className="og-stats mines-stats">
        <Stat
          label={t('mines.current')}
          value={formatMultiplier(round?.multiplier ?? 0)}
          testId="mines-multiplier"
        />
        <Stat label={t('mines.next')} value={next ? formatMultiplier(next) : '–'} testId="mines-next" />
        <Stat
          label={t('mines.safeChance')}
          value={open && next ? `${(nextSafeChance(count, safePicks) * 100).toFixed(2)}%` : '–'}
        />
      </div>
      <div className="mines-board-wrap">
        <MinesBoard round={round} playable={open && !busy} onPick={pick} />
        {round && round.status !== 'open' ? (
          <div
            className={`mines-banner ${round.status === 'won' ? 'is-win' : 'is-loss'}`}
            data-testid="mines-result"
            data-status={round.status}
          >
            {round.status === 'won' ? (
              <>
                <strong>{formatMultiplier(round.multiplier)}</strong>
                <span>{t('mines.won', { amount: format(round.payoutMinor) })}</span>
              </>
            ) : (
              <strong>{t('mines.lost')}</strong>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );

  return (
    <GameLayout
      game="mines"
      title={t('mines.title')}
      controls={controls}
      stage={stage}
      footer={
        <>
          <RecentRounds
            game="mines"
            describe={(r) =>
              t('mines.describe', {
                mines: Number(r.outcome.mineCount),
                gems: Number(r.outcome.safePicks),
              })
            }
          />
          <SeedPanel game="mines" />
        </>
      }
    />
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="og-field mines-stat">
      <span className="og-field__label">{label}</span>
      <span className="mines-stat__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
