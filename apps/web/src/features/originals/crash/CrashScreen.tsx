import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../../lib/money';
import { localDecimal } from '../../../lib/multiplier';
import {
  BetAmountInput,
  ControlField,
  ErrorLine,
  formatMultiplier,
  GameLayout,
  PlayButton,
  useStake,
  verifyHref,
} from '../kit';
import type { CrashChain, CrashHistoryEntry, CrashRound } from './api';
import { CrashGraph } from './CrashGraph';
import { crashPayoutMinor, toneOf } from './curve';
import { useCrash } from './use-crash';
import './crash.css';

/** Re-renders every animation frame while `active` (the curve and the countdown move). */
function useFrameClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    let frame = requestAnimationFrame(function tick() {
      setNow(Date.now());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return now;
}

/** "" = off; otherwise a multiplier of at least 1.01 with at most two decimals. */
function parseAuto(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (
    !Number.isFinite(value) ||
    value < 1.01 ||
    value > 1_000_000 ||
    Math.abs(value * 100 - Math.round(value * 100)) > 1e-6
  )
    return 'invalid';
  return value;
}

function crashVerifyHref(entry: { hash: string }, chain: CrashChain | null): string {
  return verifyHref({
    game: 'crash',
    params: {
      gameHash: entry.hash,
      ...(chain ? { salt: chain.salt, houseEdge: Math.round(chain.houseEdge * 10_000) / 100 } : {}),
    },
  });
}

/**
 * Crash: one shared round for every player. Bet while the countdown runs (optionally with an auto
 * cash-out), then cash out while the multiplier climbs — before it crashes. The server decides every
 * cash-out by its own clock; the screen only draws the curve from the round's start time.
 */
export function CrashScreen() {
  const { t } = useTranslation('originals');
  const { format } = useMoney();
  const [stake, setStake] = useStake('crash');
  const [autoText, setAutoText] = useState('');
  const crash = useCrash();
  const { round, myBet } = crash;
  const active = round?.status === 'running' || round?.status === 'betting';
  const now = useFrameClock(active) + crash.offsetMs;
  const auto = parseAuto(autoText);

  const running = round?.status === 'running' && round.startedAt !== null;
  const live = running ? Math.exp(round.growthPerMs * Math.max(0, now - Date.parse(round.startedAt!))) : 1;
  const mineActive = myBet?.status === 'active' && myBet.roundId === round?.id;
  const canBet = round?.status === 'betting' && Date.parse(round.bettingEndsAt) > now && !myBet;

  let action: React.ReactNode;
  if (mineActive && running) {
    action = (
      <button
        type="button"
        className="og-play crash-cashout"
        data-testid="crash-cashout"
        disabled={crash.pending === 'cashout'}
        onClick={() => void crash.cashOut()}
      >
        <span>{t('crash.cashOut')}</span>
        <span className="crash-cashout__amount">{format(crashPayoutMinor(myBet.stakeMinor, live))}</span>
      </button>
    );
  } else if (mineActive) {
    action = (
      <button type="button" className="og-play" disabled data-testid="crash-bet-placed">
        {t('crash.betPlaced')}
      </button>
    );
  } else {
    action = (
      <PlayButton
        onPlay={() => {
          if (auto !== 'invalid') void crash.placeBet(stake, auto);
        }}
        pending={crash.pending === 'bet'}
        disabled={!canBet || auto === 'invalid'}
        label={canBet ? t('crash.bet') : t('crash.waitNext')}
      />
    );
  }

  const controls = (
    <div className="crash-controls">
      <BetAmountInput value={stake} onChange={setStake} disabled={crash.pending !== null || mineActive} />
      <ControlField label={t('crash.autoCashOut')} aside={t('crash.autoHint')}>
        <input
          className="og-input crash-auto"
          inputMode="decimal"
          placeholder={localDecimal('2.00')}
          value={autoText}
          disabled={mineActive}
          aria-invalid={auto === 'invalid'}
          data-testid="crash-auto"
          onChange={(e) => setAutoText(e.target.value)}
        />
      </ControlField>
      {auto === 'invalid' ? <p className="og-error">{t('crash.autoInvalid')}</p> : null}
      {action}
      <MyBetLine bet={myBet} roundId={round?.id} format={format} />
      <ErrorLine error={crash.error} />
    </div>
  );

  const stage = (
    <div className="crash-stage">
      <HistoryStrip history={crash.history} chain={crash.chain} />
      <CrashGraph round={round} serverNowMs={now} />
      <Players round={round} live={live} format={format} />
    </div>
  );

  return (
    <GameLayout
      game="crash"
      title={t('crash.title')}
      badge={t('crash.badge', { rtp: crash.chain ? (100 - crash.chain.houseEdge * 100).toFixed(0) : '99' })}
      controls={controls}
      stage={stage}
      footer={
        <>
          <Fairness chain={crash.chain} />
          <RevealedRounds chain={crash.chain} history={crash.history} />
        </>
      }
    />
  );
}

function MyBetLine({
  bet,
  roundId,
  format,
}: {
  bet: ReturnType<typeof useCrash>['myBet'];
  roundId: string | undefined;
  format: (minor: number | bigint) => string;
}) {
  const { t } = useTranslation('originals');
  if (!bet || bet.roundId !== roundId) return null;
  if (bet.status === 'cashed')
    return (
      <p className="crash-mine og-win" data-testid="crash-mine" data-status="cashed">
        {t('crash.cashedAt', {
          multiplier: formatMultiplier(bet.cashOut ?? 1),
          amount: format(bet.payoutMinor),
        })}
      </p>
    );
  if (bet.status === 'lost')
    return (
      <p className="crash-mine og-loss" data-testid="crash-mine" data-status="lost">
        {t('crash.lost', { amount: format(bet.stakeMinor) })}
      </p>
    );
  return (
    <p className="crash-mine og-muted" data-testid="crash-mine" data-status="active">
      {bet.autoCashOut
        ? t('crash.inPlayAuto', {
            amount: format(bet.stakeMinor),
            multiplier: formatMultiplier(bet.autoCashOut),
          })
        : t('crash.inPlay', { amount: format(bet.stakeMinor) })}
    </p>
  );
}

function HistoryStrip({ history, chain }: { history: CrashHistoryEntry[]; chain: CrashChain | null }) {
  const { t } = useTranslation('originals');
  return (
    <nav className="crash-history" aria-label={t('crash.history')} data-testid="crash-history">
      {history.map((entry) => (
        <Link
          key={entry.id}
          to={crashVerifyHref(entry, chain)}
          className={`crash-chip crash-chip--${toneOf(entry.crashPoint)}`}
          title={t('crash.game', { n: entry.gameNumber })}
        >
          {formatMultiplier(entry.crashPoint)}
        </Link>
      ))}
    </nav>
  );
}

function Players({
  round,
  live,
  format,
}: {
  round: CrashRound | null;
  live: number;
  format: (minor: number | bigint) => string;
}) {
  const { t } = useTranslation('originals');
  const bets = [...(round?.bets ?? [])].sort((a, b) => b.stakeMinor - a.stakeMinor);
  const total = bets.reduce((sum, b) => sum + b.stakeMinor, 0);
  return (
    <section className="crash-players" data-testid="crash-players">
      <div className="crash-players__head">
        <span>{t('crash.players', { count: bets.length })}</span>
        <span>{format(total)}</span>
      </div>
      {bets.length === 0 ? (
        <p className="og-muted crash-players__empty">{t('crash.noPlayers')}</p>
      ) : (
        <table className="og-table crash-players__table">
          <thead>
            <tr>
              <th>{t('crash.player')}</th>
              <th>{t('crash.stake')}</th>
              <th>{t('crash.cashOutCol')}</th>
              <th>{t('crash.payout')}</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((bet) => (
              <tr key={bet.id} className={`crash-row crash-row--${bet.status}`}>
                <td>{bet.player}</td>
                <td>{format(bet.stakeMinor)}</td>
                <td>
                  {bet.cashOut
                    ? formatMultiplier(bet.cashOut)
                    : bet.autoCashOut
                      ? `→ ${formatMultiplier(bet.autoCashOut)}`
                      : '–'}
                </td>
                <td>
                  {bet.status === 'cashed'
                    ? format(bet.payoutMinor)
                    : bet.status === 'lost'
                      ? format(0)
                      : round?.status === 'running'
                        ? format(crashPayoutMinor(bet.stakeMinor, live))
                        : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Fairness({ chain }: { chain: CrashChain | null }) {
  const { t } = useTranslation('originals');
  return (
    <section className="og-panel crash-fair" data-testid="crash-fairness">
      <h2 className="og-panel__title">{t('crash.fairness')}</h2>
      <p className="og-muted crash-fair__how">{t('crash.fairnessHow')}</p>
      {chain ? (
        <dl className="crash-fair__chain">
          <div className="og-seedrow">
            <dt className="og-seedrow__label">{t('crash.terminatingHash')}</dt>
            <dd className="og-seedrow__value" data-testid="crash-terminating-hash">
              {chain.terminatingHash}
            </dd>
          </div>
          <div className="og-seedrow">
            <dt className="og-seedrow__label">{t('crash.salt')}</dt>
            <dd className="og-seedrow__value">{chain.salt}</dd>
          </div>
          <div className="og-seedrow">
            <dt className="og-seedrow__label">{t('crash.chainInfo')}</dt>
            <dd className="og-seedrow__value">
              {t('crash.chainValues', { length: chain.length, edge: (chain.houseEdge * 100).toFixed(2) })}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="og-muted">{t('crash.noChain')}</p>
      )}
    </section>
  );
}

/** The last busted rounds with their revealed hashes, each a link to the verifier. */
function RevealedRounds({ chain, history }: { chain: CrashChain | null; history: CrashHistoryEntry[] }) {
  const { t } = useTranslation('originals');
  return (
    <section className="og-panel crash-fair" data-testid="crash-rounds">
      <h2 className="og-panel__title">{t('crash.revealed')}</h2>
      {history.length ? (
        <table className="og-table crash-fair__rounds">
          <thead>
            <tr>
              <th>{t('crash.round')}</th>
              <th>{t('crash.crashPoint')}</th>
              <th>{t('crash.hash')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {history.slice(0, 10).map((entry) => (
              <tr key={entry.id}>
                <td>#{entry.gameNumber}</td>
                <td className={`crash-tone--${toneOf(entry.crashPoint)}`}>
                  {formatMultiplier(entry.crashPoint)}
                </td>
                <td className="crash-fair__hash" title={entry.hash}>
                  {entry.hash}
                </td>
                <td>
                  <Link className="og-link" to={crashVerifyHref(entry, chain)} data-testid="crash-verify">
                    {t('crash.verify')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="og-muted">{t('crash.noRounds')}</p>
      )}
    </section>
  );
}
