import type { SportsEvent } from '@sorte/contracts';
import { currencyScale, minorToInput, parseAmountInput } from '@sorte/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/Icon';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { useIntentKeys } from '../../lib/intent-key';
import { useLoginGate } from '../../lib/login-gate';
import { useMoney } from '../../lib/money';
import { type BetsPlaced, placeBets, useAfterBet, useSlipEvents } from './api';
import { rememberEvents } from './event-names';
import { marketLine, marketTitle, outcomeLabel } from './markets';
import { MyBets } from './MyBets';
import {
  combinedOdds,
  legKey,
  needsAcceptance,
  type SlipLeg,
  type SlipType,
  slipQuote,
  slipTypes,
  systemChoices,
} from './slip-math';
import { type OddsPolicy, type SlipSelection, useSlip } from './slip-store';
import { useLabel, useOddsText } from './use-labels';
import { PillTabs } from './PillTabs';

/** Quick stakes in whole currency units. */
const QUICK_STAKES = [5, 10, 25, 50] as const;
const POLICIES: OddsPolicy[] = ['none', 'higher', 'any'];

/** What the slip knows now about a selection from its event's latest copy. */
interface LiveState {
  /** The price now, or null when unknown (the event not loaded yet). */
  current: number | null;
  closed: boolean;
}

function liveState(selection: SlipSelection, event: SportsEvent | undefined, gone: boolean): LiveState {
  if (gone) return { current: null, closed: true };
  if (!event) return { current: null, closed: false };
  const market = event.markets.find(
    (m) => m.key === selection.market && m.specifiers === selection.specifiers,
  );
  const outcome = market?.outcomes.find((o) => o.id === selection.outcome);
  if (!market || !outcome || event.status === 'ended') return { current: null, closed: true };
  return { current: outcome.odds, closed: !outcome.open || outcome.odds === null };
}

/**
 * The slip and My bets, in one dock: a right column on a desktop, on a phone a bar at the bottom
 * (count and return) that opens it as a sheet.
 */
export function SlipDock() {
  const { t } = useTranslation('sportsbook');
  // `?bets=open|settled` (and `&bet=<id>`): a link into My bets (the account menu, a betting record).
  const [params] = useSearchParams();
  const linked = params.get('bets');
  const focusId = params.get('bet');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'slip' | 'bets'>('slip');
  // Followed on arrival and when the link is taken while the lobby is already open.
  useEffect(() => {
    if (linked === null && focusId === null) return;
    setOpen(true);
    setTab('bets');
  }, [linked, focusId]);
  const count = useSlip((s) => s.selections.length);
  return (
    <aside className={`sb-dock${open ? ' is-open' : ''}`} aria-label={t('slip.title')}>
      <button
        type="button"
        className="sb-dock__bar"
        data-testid="slip-bar"
        onClick={() => setOpen(true)}
        aria-expanded={open}
      >
        <span className="sb-dock__count">{count}</span>
        <span>{t('slip.title')}</span>
        <Icon name="chevronDown" size={18} className="sb-dock__chev" />
      </button>
      <div className="sb-dock__backdrop" onClick={() => setOpen(false)} aria-hidden="true" />
      <div className="sb-dock__panel">
        <div className="sb-dock__head">
          <PillTabs
            variant="dock"
            value={tab}
            onChange={setTab}
            tabs={[
              {
                id: 'slip',
                testId: 'dock-slip',
                label: (
                  <>
                    {t('slip.title')} {count > 0 ? <span className="sb-badge">{count}</span> : null}
                  </>
                ),
              },
              { id: 'bets', testId: 'dock-bets', label: t('bets.title') },
            ]}
          />
          <button
            type="button"
            className="sb-dock__close"
            onClick={() => setOpen(false)}
            aria-label={t('slip.close')}
          >
            <Icon name="close" size={18} />
          </button>
        </div>
        {tab === 'slip' ? (
          <SlipPanel onShowBets={() => setTab('bets')} />
        ) : (
          <MyBets
            key={`${linked}:${focusId}`}
            initialTab={linked === 'settled' ? 'settled' : 'open'}
            focusId={focusId}
          />
        )}
      </div>
    </aside>
  );
}

function SlipPanel({ onShowBets }: { onShowBets: () => void }) {
  const { t } = useTranslation('sportsbook');
  const slip = useSlip();
  const { format, currency, locale } = useMoney();
  const errorText = useErrorMessage();
  const { isLogin, requireLogin } = useLoginGate();
  const keys = useIntentKeys();
  const afterBet = useAfterBet();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<BetsPlaced | null>(null);
  const [refusals, setRefusals] = useState<Map<string, string>>(new Map());

  const ids = [...new Set(slip.selections.map((s) => s.eventId))];
  const events = useSlipEvents(ids);
  const live = new Map<string, LiveState>(
    slip.selections.map((s) => {
      const q = events[ids.indexOf(s.eventId)];
      const gone = q?.error instanceof ApiError && q.error.status === 404;
      return [legKey(s), liveState(s, q?.data, gone)];
    }),
  );
  const pending = (s: SlipSelection) => {
    const state = live.get(legKey(s));
    const moved = state?.current != null && needsAcceptance(slip.policy, s.odds, state.current);
    return s.previousOdds !== undefined || moved;
  };
  // The price the bet will be taken at as far as the slip can tell: the new one when the policy takes it.
  const effective = (s: SlipSelection): SlipLeg => {
    const current = live.get(legKey(s))?.current;
    return current != null && !needsAcceptance(slip.policy, s.odds, current) ? { ...s, odds: current } : s;
  };

  const parsed = parseAmountInput(slip.stake, currency, locale);
  const stakeMinor = parsed?.ok ? parsed.minor : null;
  const types = slipTypes(slip.selections);
  const systems = systemChoices(slip.selections.length);
  const system = slip.type === 'system' ? (slip.system ?? systems[0]?.id ?? null) : null;
  const quote =
    stakeMinor !== null ? slipQuote(slip.type, slip.selections.map(effective), stakeMinor, system) : null;
  const anyClosed = slip.selections.some((s) => live.get(legKey(s))?.closed);
  const anyPending = slip.selections.some(pending);

  if (receipt) {
    const total = receipt.bets.reduce((sum, b) => sum + BigInt(b.stakeMinor), 0n);
    const potential = receipt.bets.reduce((sum, b) => sum + BigInt(b.potentialReturnMinor), 0n);
    return (
      <div className="sb-slip sb-receipt" data-testid="slip-receipt" role="status">
        <Icon name="shield" size={32} />
        <h3>{t('slip.placed', { count: receipt.bets.length })}</h3>
        <dl className="sb-sum">
          <dt>{t('slip.totalStake')}</dt>
          <dd>{format(total)}</dd>
          <dt>{t('slip.potentialReturn')}</dt>
          <dd data-testid="receipt-return">{format(potential)}</dd>
        </dl>
        {receipt.refused.length > 0 ? <p className="sb-warn">{t('slip.someRefused')}</p> : null}
        <div className="sb-receipt__actions">
          <button type="button" className="btn btn--outline btn--sm" onClick={onShowBets}>
            {t('bets.title')}
          </button>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setReceipt(null)}>
            {t('slip.ok')}
          </button>
        </div>
      </div>
    );
  }

  if (slip.selections.length === 0) {
    return (
      <div className="sb-slip sb-slip--empty" data-testid="slip-empty">
        <p>{t('slip.empty')}</p>
      </div>
    );
  }

  const acceptAll = () => {
    const prices = new Map<string, number>();
    for (const s of slip.selections) {
      const current = live.get(legKey(s))?.current;
      if (current != null) prices.set(legKey(s), current);
    }
    slip.reprice(prices, false);
    slip.acceptPrices();
    setProblem(null);
  };

  const place = async () => {
    if (!requireLogin() || stakeMinor === null || stakeMinor <= 0n || !quote) return;
    const request = {
      type: slip.type,
      ...(system ? { system } : {}),
      selections: slip.selections.map((s) => ({
        eventId: s.eventId,
        market: s.market,
        specifiers: s.specifiers,
        outcome: s.outcome,
        odds: s.odds,
      })),
      stakeMinor: Number(stakeMinor),
      oddsPolicy: slip.policy,
    };
    const idempotencyKey = keys.keyFor(JSON.stringify(request));
    setBusy(true);
    setProblem(null);
    try {
      const placed = await placeBets({ ...request, idempotencyKey });
      keys.done();
      rememberEvents(slip.selections);
      const refused = new Map(
        placed.refused.map((r) => [legKey(slip.selections[r.index]!), r.code] as [string, string]),
      );
      setRefusals(refused);
      // Placed selections leave the slip; a refused single stays with its reason.
      for (const s of slip.selections) if (!refused.has(legKey(s))) slip.remove(legKey(s));
      setReceipt(placed);
      afterBet();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SPORTS_ODDS_CHANGED') {
        const moved = (error.details?.selections ?? []) as { index: number; odds: number }[];
        const prices = new Map<string, number>();
        for (const m of moved) {
          const s = slip.selections[m.index];
          if (s) prices.set(legKey(s), m.odds);
        }
        slip.reprice(prices, true);
      }
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sb-slip" data-testid="slip">
      <PillTabs
        variant="slip"
        label={t('slip.type')}
        value={slip.type}
        onChange={slip.setType}
        tabs={(['single', 'multiple', 'system'] as SlipType[]).map((type) => ({
          id: type,
          label: t(`slip.types.${type}`),
          disabled: !types.includes(type),
          testId: `slip-type-${type}`,
        }))}
      />
      {slip.type === 'system' ? (
        <label className="sb-field">
          <span>{t('slip.system')}</span>
          <select
            data-testid="slip-system"
            value={system ?? ''}
            onChange={(e) => slip.setSystem(e.target.value)}
          >
            {systems.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name ? t(`systems.${c.name}`) : c.id} · {t('slip.lines', { count: c.lines })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ul className="sb-picks">
        {slip.selections.map((s) => (
          <SlipLine
            key={legKey(s)}
            selection={s}
            state={live.get(legKey(s))!}
            refusal={refusals.get(legKey(s)) ?? null}
            onRemove={() => slip.remove(legKey(s))}
          />
        ))}
      </ul>
      {slip.type === 'multiple' ? (
        <p className="sb-combined">
          {t('slip.combinedOdds')} <b>{formatCombined(combinedOdds(slip.selections.map(effective)))}</b>
        </p>
      ) : null}
      <label className="sb-field sb-stake">
        <span>
          {t(
            slip.type === 'single'
              ? 'slip.stakeEach'
              : slip.type === 'system'
                ? 'slip.stakeLine'
                : 'slip.stake',
          )}
        </span>
        <input
          inputMode="decimal"
          data-testid="slip-stake"
          value={slip.stake}
          placeholder={minorToInput(0, currency, locale)}
          aria-invalid={parsed !== null && !parsed.ok}
          onChange={(e) => slip.setStake(e.target.value)}
        />
      </label>
      <div className="sb-quick">
        {QUICK_STAKES.map((q) => (
          <button
            key={q}
            type="button"
            className="sb-chip"
            onClick={() =>
              slip.setStake(
                minorToInput(BigInt(q) * 10n ** BigInt(currencyScale(currency)), currency, locale),
              )
            }
          >
            {format(BigInt(q) * 10n ** BigInt(currencyScale(currency)))}
          </button>
        ))}
      </div>
      <label className="sb-field">
        <span>{t('slip.policy')}</span>
        <select
          data-testid="slip-policy"
          value={slip.policy}
          onChange={(e) => slip.setPolicy(e.target.value as OddsPolicy)}
        >
          {POLICIES.map((p) => (
            <option key={p} value={p}>
              {t(`policy.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <dl className="sb-sum">
        <dt>{t('slip.totalStake')}</dt>
        <dd data-testid="slip-total">{quote ? format(quote.totalStakeMinor) : '—'}</dd>
        <dt>{t('slip.potentialReturn')}</dt>
        <dd data-testid="slip-return">{quote ? format(quote.potentialReturnMinor) : '—'}</dd>
      </dl>
      {problem ? (
        <p className="sb-warn" role="alert" data-testid="slip-problem">
          {problem}
        </p>
      ) : null}
      {anyClosed ? <p className="sb-warn">{t('slip.removeClosed')}</p> : null}
      {!isLogin ? (
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="slip-login"
          onClick={requireLogin}
        >
          {t('slip.loginToBet')}
        </button>
      ) : anyPending ? (
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="slip-accept"
          onClick={acceptAll}
        >
          {t('slip.acceptOdds')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="slip-place"
          disabled={busy || anyClosed || !quote || stakeMinor === null || stakeMinor <= 0n}
          onClick={place}
        >
          {busy
            ? t('slip.placing')
            : quote && stakeMinor !== null && stakeMinor > 0n
              ? t('slip.placeFor', { amount: format(quote.totalStakeMinor) })
              : t('slip.place')}
        </button>
      )}
      <div className="sb-slip__foot">
        <OddsFormatPicker />
        <button type="button" className="sb-link" onClick={slip.clear}>
          {t('slip.clear')}
        </button>
      </div>
    </div>
  );
}

/** Combined odds past the feed's 1000.00 ceiling still read as decimal odds with two places. */
function formatCombined(units: bigint): string {
  const cents = units / 10n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function SlipLine({
  selection: s,
  state,
  refusal,
  onRemove,
}: {
  selection: SlipSelection;
  state: LiveState;
  refusal: string | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation('sportsbook');
  const label = useLabel();
  const oddsText = useOddsText();
  const errorText = useErrorMessage();
  const teams = { home: s.home, away: s.away };
  const line = marketLine(s.specifiers);
  const title = label(marketTitle(s.market, s.specifiers, s.sport));
  const before = s.previousOdds ?? s.odds;
  const now = state.current ?? s.odds;
  const moved = before !== now;
  return (
    <li
      className={`sb-pick${state.closed ? ' is-closed' : ''}`}
      data-testid="slip-pick"
      data-event={s.eventId}
      data-outcome={s.outcome}
    >
      <div className="sb-pick__main">
        <b className="sb-pick__name">{label(outcomeLabel(s.market, s.specifiers, s.outcome, teams))}</b>
        <span className="sb-pick__market">
          {title}
          {line && !s.market.includes('handicap') ? ` ${line}` : ''}
        </span>
        <span className="sb-pick__event">
          {s.home} – {s.away}
        </span>
        {state.closed ? <span className="sb-pick__flag">{t('slip.closed')}</span> : null}
        {refusal ? <span className="sb-pick__flag">{errorText(new ApiError(refusal, '', 409))}</span> : null}
      </div>
      <div className="sb-pick__odds" data-testid="slip-odds">
        {moved ? (
          <>
            <s data-testid="slip-odds-old">{oddsText(before)}</s>
            <b className={now > before ? 'is-up' : 'is-down'} data-testid="slip-odds-new">
              {oddsText(now)}
            </b>
          </>
        ) : (
          <b>{oddsText(s.odds)}</b>
        )}
      </div>
      <button type="button" className="sb-pick__remove" onClick={onRemove} aria-label={t('slip.remove')}>
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

export function OddsFormatPicker() {
  const { t } = useTranslation('sportsbook');
  const format = useSlip((s) => s.oddsFormat);
  const setFormat = useSlip((s) => s.setOddsFormat);
  return (
    <label className="sb-format">
      <span>{t('oddsFormat.label')}</span>
      <select
        value={format}
        data-testid="odds-format"
        onChange={(e) => setFormat(e.target.value as typeof format)}
      >
        {(['decimal', 'fractional', 'american'] as const).map((f) => (
          <option key={f} value={f}>
            {t(`oddsFormat.${f}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
