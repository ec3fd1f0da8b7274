import type { LotteryDraw, LotteryGameDetail, LotteryPlayType } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLoginGate } from '../../../lib/login-gate';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ApiError } from '../../../lib/api';
import { walletKeys } from '../../../lib/balance';
import { useErrorMessage } from '../../../lib/errors';
import { useIntentKeys } from '../../../lib/intent-key';
import { minorToInput, parseAmountInput } from '@sorte/money';
import { useMoney } from '../../../lib/money';
import { clockOffsetMs } from '../../../lib/server-clock';
import { toast } from '../../../lib/toast';
import { lotteryKeys, postBet, useLotteryDraws, useLotteryGame } from '../api';
import { useLotteryPush } from '../live';
import { emptySelection, type PlayLayout, playGroups, playLayout } from '../plays';
import { type ChasePlan, chaseBody, priceSelection, type Selection, type SlipLine } from '../slip';
import { BetSlip } from './BetSlip';
import { Countdown, useDrawPhase } from './Countdown';
import { MyTickets } from './MyTickets';
import { Picker } from './Picker';
import { RESULT_LENGTH, ResultBalls } from './ResultBalls';
import { TrendPanel } from './TrendPanel';

const QUICK_UNIT_STAKES = [100, 200, 500, 1_000, 5_000];
const QUICK_MULTIPLES = [1, 2, 5, 10];

/** /lottery?gameCode=X&playType=Y: one fast game's draw, picker, slip, results and tickets. */
export function GameScreen({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation('lottery');
  const game = useLotteryGame(gameCode);
  if (game.isLoading)
    return <div className="lt-loading" role="status" aria-busy="true" aria-label={t('loading')} />;
  if (!game.data)
    return (
      <EmptyState
        icon="ELOTT"
        title={t('game.notFound', { code: gameCode })}
        text={t('game.notFoundText')}
        action={
          <Link to="/elott" className="btn btn--primary">
            {t('game.backToLobby')}
          </Link>
        }
      />
    );
  return <Playing detail={game.data} receivedAt={game.dataUpdatedAt} />;
}

function Playing({ detail, receivedAt }: { detail: LotteryGameDetail; receivedAt: number }) {
  const { t, i18n } = useTranslation('lottery');
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  const { requireLogin } = useLoginGate();
  const [params, setParams] = useSearchParams();
  const draws = useLotteryDraws(detail.gameCode);
  const offsetMs = clockOffsetMs(detail.serverTime, receivedAt);

  const groups = useMemo(
    () =>
      playGroups(
        detail.family,
        detail.playTypes.map((p) => p.code),
      ),
    [detail.family, detail.playTypes],
  );
  const requested = params.get('playType') ?? detail.defaultPlayType;
  const layout: PlayLayout | null =
    (groups.some((g) => g.plays.some((p) => p.code === requested))
      ? playLayout(detail.family, requested)
      : null) ??
    groups[0]?.plays[0] ??
    null;
  const play: LotteryPlayType | undefined = detail.playTypes.find((p) => p.code === layout?.code);

  // The picks belong to one play type: another play type starts from an empty picker.
  const [picked, setPicked] = useState<{ code: string; selection: Selection } | null>(null);
  const selection: Selection =
    layout && picked?.code === layout.code ? picked.selection : layout ? emptySelection(layout) : [];
  const setSelection = (next: Selection) => layout && setPicked({ code: layout.code, selection: next });
  const [unitText, setUnitText] = useState('');
  const [multiple, setMultiple] = useState(1);
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [chase, setChase] = useState<ChasePlan | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<'tickets' | 'trend'>('tickets');

  const minUnit = play?.minUnitStakeMinor ?? 1;
  // Typed in the merchant's currency and the player's language (no decimals for VND), never via floats.
  const typedUnit = parseAmountInput(unitText, money.currency, money.locale);
  const unitStakeMinor = !typedUnit
    ? Math.max(minUnit, 100)
    : typedUnit.ok
      ? Number(typedUnit.minor)
      : Number.NaN;
  const priced = layout ? priceSelection(layout.code, selection, unitStakeMinor, multiple) : null;
  const pickedAnything = selection.some((row) => row.length > 0);

  const selectPlay = (code: string) => {
    const next = new URLSearchParams(params);
    next.set('playType', code);
    setParams(next, { replace: true });
  };

  const openDraw = detail.openDraw;
  const { phase, canBet } = useDrawPhase(openDraw, offsetMs);

  // Past the close (or before the first draw is scheduled) read the game again until a draw is open.
  useEffect(() => {
    if (phase === 'open') return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: ['lottery', 'game', detail.gameCode] });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.draws(detail.gameCode) });
    }, 3_000);
    return () => clearInterval(timer);
  }, [phase, queryClient, detail.gameCode]);

  useLotteryPush(
    useCallback(
      (draw: LotteryDraw) => {
        if (draw.gameCode === detail.gameCode && draw.result && draw.status === 'drawn')
          toast(t('draw.announced', { drawNo: draw.drawNo, result: draw.result.join(' ') }), 'info');
      },
      [detail.gameCode, t],
    ),
  );

  const odds = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }).format(value);
  const rejection = (reason: string) => t(`reject.${reason}`, { defaultValue: t('reject.generic') });

  const addToSlip = () => {
    if (!layout || !priced) return;
    if (!priced.ok) {
      setError(rejection(priced.reason));
      return;
    }
    if (unitStakeMinor < minUnit) {
      setError(t('reject.minUnit', { amount: money.format(minUnit) }));
      return;
    }
    if (play && priced.stakeMinor > play.maxTicketStakeMinor) {
      setError(t('reject.maxTicket', { amount: money.format(play.maxTicketStakeMinor) }));
      return;
    }
    setError(null);
    setLines((current) => [
      ...current,
      {
        id: `${Date.now()}-${current.length}`,
        playType: layout.code,
        selection: selection.map((row) => [...row]),
        unitStakeMinor,
        multiple,
        units: priced.units,
        stakeMinor: priced.stakeMinor,
      },
    ]);
    setSelection(emptySelection(layout));
  };

  const submit = async () => {
    if (!requireLogin() || !openDraw || lines.length === 0) return;
    const body = {
      gameCode: detail.gameCode,
      drawNo: openDraw.drawNo,
      tickets: lines.map((line) => ({
        playType: line.playType,
        selection: line.selection,
        unitStakeMinor: line.unitStakeMinor,
        multiple: line.multiple,
      })),
      ...(chase ? { chase: chaseBody(chase) } : {}),
    };
    // One key per intent: a retried submit of the same slip on the same draw cannot bet twice.
    const idempotencyKey = keys.keyFor(JSON.stringify(body));
    setSubmitting(true);
    setError(null);
    try {
      const order = await postBet({ ...body, idempotencyKey });
      keys.done();
      setLines([]);
      setChase(null);
      setTab('tickets');
      toast(
        t('slip.placed', { count: order.tickets.length, amount: money.format(order.stakeMinor) }),
        'success',
      );
    } catch (cause) {
      if (cause instanceof ApiError && cause.status !== 0) keys.done();
      const text = errorMessage(cause);
      setError(text);
      toast(text, 'error');
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
    }
  };

  const lastDraw = detail.lastDraw;
  const history = draws.data ?? [];
  return (
    <div
      className={`lt-game lt-game--${detail.family.toLowerCase()}`}
      data-testid="lottery-game"
      data-game={detail.gameCode}
    >
      <header className="lt-head">
        <div className="lt-head__title">
          <Link to="/elott" className="lt-back" aria-label={t('game.backToLobby')}>
            ‹
          </Link>
          <div>
            <h1>{detail.name}</h1>
            <p className="muted lt-sub">
              {t(`families.${detail.family}`)} · {t('lobby.every', { count: detail.intervalMinutes })} ·{' '}
              {t('game.series', { series: detail.series })}
            </p>
          </div>
        </div>
        <div className="lt-head__draw">
          <span className="muted lt-sub">{t('draw.current')}</span>
          <strong data-testid="open-draw">{openDraw?.drawNo ?? '—'}</strong>
          <Countdown draw={openDraw} offsetMs={offsetMs} />
        </div>
        <div className="lt-head__last">
          <span className="muted lt-sub">
            {lastDraw ? t('draw.lastResult', { drawNo: lastDraw.drawNo }) : t('draw.noResults')}
          </span>
          <ResultBalls
            family={detail.family}
            result={lastDraw?.result ?? null}
            size="lg"
            placeholderCount={lastDraw ? RESULT_LENGTH[detail.family] : 0}
          />
        </div>
      </header>

      {history.length > 0 ? (
        <ol className="lt-strip" aria-label={t('draw.recent')}>
          {history.slice(0, 12).map((draw) => (
            <li key={draw.drawNo}>
              <span className="muted">{draw.drawNo.slice(-4)}</span>
              <ResultBalls family={detail.family} result={draw.result} size="sm" />
            </li>
          ))}
        </ol>
      ) : null}

      <div className="lt-main">
        <section className="lt-board" aria-label={t('picker.title')}>
          <nav className="lt-groups" aria-label={t('picker.groups')}>
            {groups.map((g) => (
              <button
                key={g.group}
                type="button"
                className={`tab${g.plays.some((p) => p.code === layout?.code) ? ' is-active' : ''}`}
                onClick={() => selectPlay(g.plays[0]!.code)}
              >
                {t(`groups.${g.group}`)}
              </button>
            ))}
          </nav>
          {groups
            .filter((g) => g.plays.length > 1 && g.plays.some((p) => p.code === layout?.code))
            .map((g) => (
              <div key={g.group} className="lt-plays" role="tablist">
                {g.plays.map((p) => (
                  <button
                    key={p.code}
                    type="button"
                    role="tab"
                    aria-selected={p.code === layout?.code}
                    className={`chip${p.code === layout?.code ? ' chip--active' : ''}`}
                    onClick={() => selectPlay(p.code)}
                    data-play={p.code}
                  >
                    {t(`plays.${p.code}`)}
                  </button>
                ))}
              </div>
            ))}
          {layout ? (
            <>
              <p className="lt-howto">
                <strong>{t(`plays.${layout.code}`)}</strong> — {t(`howto.${layout.code}`)}
                {play ? (
                  <span className="lt-odds" data-testid="play-odds">
                    {play.maxOdds > play.odds
                      ? t('game.oddsRange', { min: odds(play.odds), max: odds(play.maxOdds) })
                      : t('game.odds', { odds: odds(play.odds) })}
                  </span>
                ) : null}
              </p>
              <Picker layout={layout} selection={selection} onChange={setSelection} />
              <div className="lt-stake">
                <label className="lt-field">
                  <span>{t('stake.unit')}</span>
                  <input
                    inputMode="decimal"
                    value={unitText}
                    placeholder={minorToInput(Math.max(minUnit, 100), money.currency, money.locale)}
                    onChange={(e) => setUnitText(e.target.value)}
                    data-testid="unit-stake"
                  />
                </label>
                <div className="lt-quick-amounts" role="toolbar" aria-label={t('stake.quick')}>
                  {QUICK_UNIT_STAKES.filter((a) => a >= minUnit).map((amount) => (
                    <button
                      key={amount}
                      type="button"
                      className={`chip${unitStakeMinor === amount ? ' chip--active' : ''}`}
                      onClick={() => setUnitText(minorToInput(amount, money.currency, money.locale))}
                    >
                      {money.format(amount)}
                    </button>
                  ))}
                </div>
                <label className="lt-field lt-field--small">
                  <span>{t('stake.multiple')}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={10_000}
                    value={multiple}
                    onChange={(e) =>
                      setMultiple(Math.max(1, Math.min(10_000, Math.floor(Number(e.target.value) || 1))))
                    }
                    data-testid="multiple"
                  />
                </label>
                <div className="lt-quick-amounts" role="toolbar" aria-label={t('stake.multiple')}>
                  {QUICK_MULTIPLES.map((m) => (
                    <button
                      key={m}
                      type="button"
                      className={`chip${multiple === m ? ' chip--active' : ''}`}
                      onClick={() => setMultiple(m)}
                    >
                      {m}×
                    </button>
                  ))}
                </div>
              </div>
              <div className="lt-summary">
                <span data-testid="units">{t('stake.units', { count: priced?.ok ? priced.units : 0 })}</span>
                <strong data-testid="selection-stake">
                  {money.format(priced?.ok ? priced.stakeMinor : 0)}
                </strong>
                {pickedAnything && priced && !priced.ok ? (
                  <span className="muted lt-sub">{rejection(priced.reason)}</span>
                ) : null}
                <button
                  type="button"
                  className="btn btn--outline"
                  disabled={!priced?.ok}
                  onClick={addToSlip}
                  data-testid="add-to-slip"
                >
                  {t('slip.add')}
                </button>
              </div>
            </>
          ) : (
            <p className="muted">{t('game.noPlays')}</p>
          )}
        </section>
        <BetSlip
          family={detail.family}
          lines={lines}
          onRemove={(id) => setLines((current) => current.filter((line) => line.id !== id))}
          onClear={() => setLines([])}
          chase={chase}
          onChase={setChase}
          maxChaseDraws={detail.maxChaseDraws}
          onSubmit={() => void submit()}
          submitting={submitting}
          closed={!canBet}
          error={error}
        />
      </div>

      <section className="lt-lower">
        <div className="tabs" role="tablist">
          {(['tickets', 'trend'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={`tab${tab === name ? ' is-active' : ''}`}
              onClick={() => setTab(name)}
              data-testid={`tab-${name}`}
            >
              {t(`game.tab.${name}`)}
            </button>
          ))}
        </div>
        {tab === 'tickets' ? (
          <MyTickets gameCode={detail.gameCode} family={detail.family} />
        ) : (
          <TrendPanel family={detail.family} draws={history} />
        )}
      </section>
    </div>
  );
}
