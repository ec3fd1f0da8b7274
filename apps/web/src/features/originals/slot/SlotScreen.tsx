import { CARNAVAL_RTP, SLOT_LINE_COUNT, type SlotLineWin, type SlotSymbol } from '@sorte/fairness';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginGate } from '../../../lib/login-gate';
import { useMoney } from '../../../lib/money';
import {
  ErrorLine,
  formatMultiplier,
  type OriginalRound,
  RecentRounds,
  SeedPanel,
  usePlaceBet,
  useStake,
} from '../kit';
import { Paytable } from './Paytable';
import { type ReelSpin, Reels } from './Reels';
import { gridOf, IDLE_STOPS, type StoredRound, unitsToMinor } from './slot-view';
import './slot.css';

/** Total bets on offer, in minor units: multiples of 20 so every line bet is a whole minor unit. */
export const BET_LEVELS = [20n, 40n, 100n, 200n, 400n, 1_000n, 2_000n, 4_000n, 10_000n, 20_000n];
const AUTO_COUNTS = [10, 25, 50, 100];

type Banner =
  | { kind: 'freeSpins'; count: number }
  | { kind: 'retrigger'; count: number }
  | { kind: 'feature'; winMinor: bigint }
  | { kind: 'bigWin'; winMinor: bigint };

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function nearestLevel(minor: bigint): bigint {
  return BET_LEVELS.reduce((best, level) => (level <= minor ? level : best), BET_LEVELS[0]!);
}

/**
 * Carnaval Dourado: a 5×3 video slot with 20 lines. One request plays the whole round (the base
 * spin and any free spins, drawn from the same nonce); the screen then replays it spin by spin:
 * reels stopping left to right, the winning lines drawn, the win counter climbing, the free-spins
 * banner and counter. Turbo shortens every animation; auto-spin plays 10–100 rounds.
 */
export function SlotScreen() {
  const { t, i18n } = useTranslation('slot');
  const { format } = useMoney();
  const { isLogin, requireLogin } = useLoginGate();
  const [storedStake, setStoredStake] = useStake('carnaval', 200n);
  const stake = nearestLevel(storedStake);
  const bet = usePlaceBet<Record<string, never>>('carnaval');

  const [grid, setGrid] = useState<SlotSymbol[][]>(() => gridOf('base', IDLE_STOPS));
  const [reelSpin, setReelSpin] = useState<ReelSpin | null>(null);
  const [lines, setLines] = useState<SlotLineWin[]>([]);
  const [scatterWin, setScatterWin] = useState(false);
  const [winMinor, setWinMinor] = useState<bigint | null>(null);
  const [freeSpins, setFreeSpins] = useState<{ played: number; total: number; winMinor: bigint } | null>(
    null,
  );
  const [banner, setBanner] = useState<Banner | null>(null);
  const [turbo, setTurbo] = useState(false);
  const [autoLeft, setAutoLeft] = useState(0);
  const [autoMenu, setAutoMenu] = useState(false);
  const [paytable, setPaytable] = useState(false);
  const [busy, setBusy] = useState(false);

  const gridRef = useRef(grid);
  gridRef.current = grid;
  const turboRef = useRef(turbo);
  turboRef.current = turbo;
  const autoRef = useRef(0);
  const stopResolver = useRef<(() => void) | null>(null);
  const spinId = useRef(0);

  const onStopped = useCallback(() => {
    stopResolver.current?.();
    stopResolver.current = null;
  }, []);

  /** Spins the reels to `stops` and resolves when the last reel lands (or after a safety timeout). */
  const spinTo = useCallback(async (kind: 'base' | 'free', stops: number[]) => {
    setLines([]);
    setScatterWin(false);
    const landed = new Promise<void>((done) => {
      stopResolver.current = done;
    });
    spinId.current += 1;
    setReelSpin({ id: spinId.current, kind, stops, previous: gridRef.current, turbo: turboRef.current });
    await Promise.race([landed, wait(turboRef.current ? 1_500 : 3_500)]);
    setGrid(gridOf(kind, stops));
    setReelSpin(null);
  }, []);

  /** Replays a settled round spin by spin. */
  const present = useCallback(
    async (round: OriginalRound) => {
      const outcome = round.outcome as unknown as StoredRound;
      const stakeMinor = BigInt(round.stakeMinor);
      const fast = () => turboRef.current;
      let units = 0;
      let featureUnits = 0;
      let total = 0;
      setWinMinor(null);
      for (const spin of outcome.spins) {
        if (spin.kind === 'free') setFreeSpins((fs) => fs && { ...fs, played: fs.played + 1 });
        await spinTo(spin.kind, spin.stops);
        units += spin.units;
        setLines(spin.lines);
        setScatterWin(spin.scatters >= 3);
        if (spin.units > 0) setWinMinor(unitsToMinor(stakeMinor, units));
        if (spin.kind === 'free') {
          featureUnits += spin.units;
          setFreeSpins((fs) => fs && { ...fs, winMinor: unitsToMinor(stakeMinor, featureUnits) });
        }
        if (spin.freeSpinsAwarded > 0) {
          total += spin.freeSpinsAwarded;
          const kind = spin.kind === 'base' ? 'freeSpins' : 'retrigger';
          setBanner({ kind, count: spin.freeSpinsAwarded });
          if (spin.kind === 'base') setFreeSpins({ played: 0, total, winMinor: 0n });
          else setFreeSpins((fs) => fs && { ...fs, total });
          await wait(fast() ? 900 : 2_000);
          setBanner(null);
        } else await wait(spin.units > 0 ? (fast() ? 350 : 1_000) : fast() ? 60 : 220);
      }
      setWinMinor(BigInt(round.payoutMinor));
      if (outcome.spins.length > 1) {
        setBanner({ kind: 'feature', winMinor: unitsToMinor(stakeMinor, featureUnits) });
        await wait(fast() ? 1_000 : 2_400);
        setBanner(null);
        setFreeSpins(null);
      } else if (round.multiplier >= 20) {
        setBanner({ kind: 'bigWin', winMinor: BigInt(round.payoutMinor) });
        await wait(fast() ? 900 : 2_000);
        setBanner(null);
      }
    },
    [spinTo],
  );

  const playOne = useCallback(async () => {
    const round = await bet.place(stake, {});
    await present(round);
  }, [bet, stake, present]);

  const spin = useCallback(async () => {
    if (busy || !requireLogin()) return;
    setBusy(true);
    try {
      await playOne();
    } catch {
      // the error line shows it
    } finally {
      setBusy(false);
    }
  }, [busy, requireLogin, playOne]);

  const startAuto = useCallback(
    async (count: number) => {
      setAutoMenu(false);
      if (busy || !requireLogin()) return;
      autoRef.current = count;
      setAutoLeft(count);
      setBusy(true);
      try {
        while (autoRef.current > 0) {
          autoRef.current -= 1;
          setAutoLeft(autoRef.current);
          await playOne();
          await wait(turboRef.current ? 80 : 300);
        }
      } catch {
        // a refused or failed bet ends auto-spin; the error line shows why
      } finally {
        autoRef.current = 0;
        setAutoLeft(0);
        setBusy(false);
      }
    },
    [busy, requireLogin, playOne],
  );

  const stopAuto = () => {
    autoRef.current = 0;
    setAutoLeft(0);
  };

  // Space spins, as on the slot cabinets (not while typing in a field).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.code !== 'Space' || paytable || target?.closest('input, textarea, select, button')) return;
      e.preventDefault();
      void spin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [spin, paytable]);

  const levelIndex = BET_LEVELS.indexOf(stake);
  const stepBet = (step: number) => {
    const next = BET_LEVELS[Math.min(BET_LEVELS.length - 1, Math.max(0, levelIndex + step))]!;
    bet.clearError();
    setStoredStake(next);
  };
  const auto = autoLeft > 0;
  const inFreeSpins = freeSpins !== null;

  return (
    <div className="og-page cd-page" data-game="carnaval">
      <div className={`cd-machine${inFreeSpins ? ' is-free' : ''}`}>
        <header className="cd-marquee">
          <h1 className="cd-logo">
            <span className="cd-logo__top">{t('logoTop')}</span>
            <span className="cd-logo__bottom">{t('logoBottom')}</span>
          </h1>
          {inFreeSpins ? (
            <div className="cd-fs-counter" data-testid="slot-free-spins">
              <span>{t('freeSpins.counter', { played: freeSpins.played, total: freeSpins.total })}</span>
              <strong>{format(freeSpins.winMinor)}</strong>
            </div>
          ) : (
            <div className="cd-tagline">{t('tagline', { lines: SLOT_LINE_COUNT })}</div>
          )}
        </header>

        <div className="cd-window">
          <Reels grid={grid} spin={reelSpin} lines={lines} scatterWin={scatterWin} onStopped={onStopped} />
          {banner ? <BannerView banner={banner} format={format} /> : null}
        </div>

        <div className="cd-winbar" aria-live="polite">
          {winMinor !== null && winMinor > 0n ? (
            <span className="cd-win" data-testid="slot-win">
              {t('win')} <strong>{format(winMinor)}</strong>
              {lines.length > 0 ? <small>{t('linesWon', { count: lines.length })}</small> : null}
            </span>
          ) : (
            <span className="cd-hint">{busy ? t('goodLuck') : t('placeYourBet')}</span>
          )}
        </div>

        <div className="cd-controls">
          <button
            type="button"
            className="cd-icon-btn cd-info"
            onClick={() => setPaytable(true)}
            aria-label={t('paytable.open')}
          >
            i
          </button>
          <div className="cd-bet" data-testid="slot-bet">
            <button
              type="button"
              className="cd-step"
              disabled={busy || levelIndex <= 0}
              onClick={() => stepBet(-1)}
              aria-label={t('betDown')}
            >
              −
            </button>
            <div className="cd-bet__value">
              <small>{t('totalBet')}</small>
              <strong>{format(stake)}</strong>
              <small>{t('lineBet', { amount: format(stake / BigInt(SLOT_LINE_COUNT)) })}</small>
            </div>
            <button
              type="button"
              className="cd-step"
              disabled={busy || levelIndex >= BET_LEVELS.length - 1}
              onClick={() => stepBet(1)}
              aria-label={t('betUp')}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className={`cd-spin${busy ? ' is-busy' : ''}`}
            data-testid="slot-spin"
            disabled={isLogin && busy && !auto}
            onClick={auto ? stopAuto : () => void spin()}
            aria-label={auto ? t('stopAuto') : isLogin ? t('spin') : t('loginToSpin')}
          >
            {auto ? (
              <span className="cd-spin__auto">{autoLeft}</span>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M12 4a8 8 0 1 1-7.4 5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.6"
                  strokeLinecap="round"
                />
                <path
                  d="M3 4v6h6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
          </button>
          <div className="cd-toggles">
            <button
              type="button"
              className={`cd-toggle${turbo ? ' is-on' : ''}`}
              aria-pressed={turbo}
              onClick={() => setTurbo((v) => !v)}
              data-testid="slot-turbo"
            >
              ⚡ {t('turbo')}
            </button>
            <div className="cd-auto">
              <button
                type="button"
                className={`cd-toggle${auto ? ' is-on' : ''}`}
                aria-expanded={autoMenu}
                disabled={busy && !auto}
                onClick={() => (auto ? stopAuto() : setAutoMenu((v) => !v))}
                data-testid="slot-auto"
              >
                ⟳ {auto ? t('stopAuto') : t('auto')}
              </button>
              {autoMenu ? (
                <div className="cd-auto__menu" role="menu">
                  {AUTO_COUNTS.map((n) => (
                    <button key={n} type="button" role="menuitem" onClick={() => void startAuto(n)}>
                      {t('autoCount', { count: n })}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
          </div>
        </div>
        <ErrorLine error={bet.error} />
      </div>

      <p className="cd-foot">
        {t('footer', {
          rtp: new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 }).format(
            CARNAVAL_RTP,
          ),
        })}
        {/* The Space key is no news on a touch screen. */}
        <span className="kbd-only"> · {t('spaceHint')}</span>
      </p>
      <div className="og-footer">
        <RecentRounds
          game="carnaval"
          describe={(round) =>
            `${formatMultiplier(round.multiplier)}${
              Number((round.outcome as { freeSpins?: number }).freeSpins ?? 0) > 0
                ? ` · ${t('freeSpins.short', { count: Number(round.outcome.freeSpins) })}`
                : ''
            }`
          }
        />
        <SeedPanel game="carnaval" />
      </div>
      {paytable ? <Paytable stake={stake} onClose={() => setPaytable(false)} /> : null}
    </div>
  );
}

function BannerView({ banner, format }: { banner: Banner; format: (minor: bigint) => string }) {
  const { t } = useTranslation('slot');
  return (
    <div className={`cd-banner cd-banner--${banner.kind}`} data-testid="slot-banner" role="status">
      {banner.kind === 'freeSpins' ? (
        <>
          <strong>{t('freeSpins.won', { count: banner.count })}</strong>
          <span>{t('freeSpins.wonSub')}</span>
        </>
      ) : banner.kind === 'retrigger' ? (
        <strong>{t('freeSpins.retrigger', { count: banner.count })}</strong>
      ) : banner.kind === 'feature' ? (
        <>
          <span>{t('freeSpins.total')}</span>
          <strong>{format(banner.winMinor)}</strong>
        </>
      ) : (
        <>
          <span>{t('bigWin')}</span>
          <strong>{format(banner.winMinor)}</strong>
        </>
      )}
    </div>
  );
}
