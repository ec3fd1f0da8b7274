import { floorToUnits, payoutMinor } from '@sorte/money';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginGate } from '../../../lib/login-gate';
import { useMoney } from '../../../lib/money';
import { AutoBetPanel } from './AutoBetPanel';
import type { OriginalRound } from './api';
import { type AutoBetSettings, DEFAULT_AUTO, useAutoBet } from './autobet';
import { BetAmountInput } from './BetAmountInput';
import { ErrorLine } from './ErrorLine';
import { ControlField, Segmented } from './GameLayout';
import { PlayButton } from './PlayButton';
import type { PlaceBet } from './place-bet';

export interface BetPanelProps<P extends Record<string, unknown>> {
  stake: bigint;
  onStake: (minor: bigint) => void;
  /** The game's bet hook (usePlaceBet) and its current choices. */
  bet: PlaceBet<P>;
  params: P;
  /** Called with every settled round (manual or auto), e.g. to animate the stage. */
  onRound: (round: OriginalRound) => void | Promise<void>;
  /** The game's choices, between the stake and the play button. */
  children?: ReactNode;
  /** The multiplier a win pays, to show "profit on win" (omit when it varies, e.g. plinko). */
  winMultiplier?: number;
  /** Offer the Auto tab (dice, limbo). */
  auto?: boolean;
  /** The choices are invalid or the stage is still animating. */
  disabled?: boolean;
  /** Space bets (manual mode), as on the leading originals; off by default. */
  hotkeys?: boolean;
}

/**
 * The control panel most single-round games share: Manual/Auto tabs, the stake, the game's own
 * fields, profit on win, the play (or start/stop auto) button and the translated error.
 */
export function BetPanel<P extends Record<string, unknown>>({
  stake,
  onStake,
  bet,
  params,
  onRound,
  children,
  winMultiplier,
  auto = false,
  disabled,
  hotkeys = false,
}: BetPanelProps<P>) {
  const { t } = useTranslation('originals');
  const { format } = useMoney();
  const { isLogin } = useLoginGate();
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [settings, setSettings] = useState<AutoBetSettings>(DEFAULT_AUTO);
  const autoBet = useAutoBet(async (amount) => {
    const round = await bet.place(amount, params);
    await onRound(round);
    bet.reveal(round);
    return round;
  });
  const busy = bet.pending || autoBet.running;
  const playOnce = () => {
    bet.place(stake, params).then(
      async (round) => {
        await onRound(round);
        bet.reveal(round);
      },
      () => undefined,
    );
  };
  const playRef = useRef(playOnce);
  playRef.current = playOnce;
  const ready = isLogin && mode === 'manual' && !busy && !disabled;
  useEffect(() => {
    if (!hotkeys || !ready) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.code !== 'Space' || event.repeat || target?.closest('input, select, textarea, button'))
        return;
      event.preventDefault();
      playRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkeys, ready]);
  const profitOnWin =
    winMultiplier !== undefined && Number.isFinite(winMultiplier) && winMultiplier >= 0
      ? payoutMinor(stake, floorToUnits(winMultiplier)) - stake
      : null;

  return (
    <>
      {auto ? (
        <Segmented
          value={mode}
          disabled={autoBet.running}
          onChange={setMode}
          options={[
            { value: 'manual', label: t('kit.manual') },
            { value: 'auto', label: t('kit.auto') },
          ]}
        />
      ) : null}
      <BetAmountInput value={stake} onChange={onStake} disabled={busy} />
      {children}
      {profitOnWin !== null ? (
        <ControlField label={t('kit.profitOnWin')}>
          <div className="og-readout" data-testid="profit-on-win">
            {format(profitOnWin > 0n ? profitOnWin : 0n)}
          </div>
        </ControlField>
      ) : null}
      {mode === 'auto' ? (
        <>
          <AutoBetPanel settings={settings} onChange={setSettings} disabled={autoBet.running} />
          {autoBet.running ? (
            <button
              type="button"
              className="og-play og-play--stop"
              data-testid="auto-stop"
              onClick={autoBet.stop}
            >
              {t('auto.stop')}
            </button>
          ) : (
            <PlayButton
              label={t('auto.start')}
              disabled={disabled}
              onPlay={() => {
                bet.clearError();
                void autoBet.start(stake, settings);
              }}
            />
          )}
          {autoBet.played > 0 ? (
            <div className="og-auto-status" data-testid="auto-status">
              <span>{t('auto.status', { played: autoBet.played })}</span>
              <span className={autoBet.profitMinor >= 0n ? 'og-win' : 'og-loss'}>
                {t('auto.profit', { profit: format(autoBet.profitMinor) })}
              </span>
            </div>
          ) : null}
        </>
      ) : (
        <PlayButton pending={bet.pending} disabled={disabled} onPlay={playOnce} />
      )}
      {hotkeys && mode === 'manual' && isLogin ? <p className="og-hotkey">{t('kit.hotkeyHint')}</p> : null}
      <ErrorLine error={bet.error} />
    </>
  );
}
