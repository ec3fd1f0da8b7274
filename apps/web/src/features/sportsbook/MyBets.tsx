import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryState } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useErrorMessage } from '../../lib/errors';
import { useIntentKeys } from '../../lib/intent-key';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { type BetsTab, cashOutBet, type PlayerBet, useAfterBet, useEventNames, useMyBets } from './api';
import { type EventNames, eventNames } from './event-names';
import { marketLine, marketTitle, outcomeLabel } from './markets';
import { useLabel, useOddsText } from './use-labels';
import { PillTabs } from './PillTabs';

/**
 * The player's bets: open ones (with cash-out when the server offers it) and settled ones. A link
 * names the tab to open and a bet to bring into view.
 */
export function MyBets({
  initialTab = 'open',
  focusId = null,
}: {
  initialTab?: BetsTab;
  focusId?: string | null;
} = {}) {
  const { t } = useTranslation('sportsbook');
  const isLogin = useSession((s) => s.isLogin);
  const [tab, setTab] = useState<BetsTab>(initialTab);
  const bets = useMyBets(tab);
  // The server names each leg's event; a leg it no longer can is named as kept on this device at
  // placement, else read from the events still offered.
  const ids = [
    ...new Set((bets.data ?? []).flatMap((b) => b.legs.filter((l) => !l.event).map((l) => l.eventId))),
  ];
  const unknown = ids.filter((id) => !eventNames(id));
  const read = useEventNames(unknown);
  const namesOf = (id: string): EventNames | null => {
    const kept = eventNames(id);
    if (kept) return kept;
    const event = read[unknown.indexOf(id)]?.data;
    return event ? { home: event.home.name, away: event.away.name, sport: event.sport } : null;
  };
  if (!isLogin) return <EmptyState icon="lock" title={t('bets.loginFirst')} />;
  return (
    <div className="sb-bets" data-testid="my-bets">
      <PillTabs
        variant="slip"
        value={tab}
        onChange={setTab}
        tabs={(['open', 'settled'] as const).map((s) => ({
          id: s,
          label: t(`bets.${s}`),
          testId: `bets-${s}`,
        }))}
      />
      <QueryState isLoading={bets.isLoading} error={bets.error} onRetry={() => bets.refetch()}>
        {(bets.data ?? []).length === 0 ? (
          <p className="sb-slip--empty">{t(tab === 'open' ? 'bets.noneOpen' : 'bets.noneSettled')}</p>
        ) : (
          <ul className="sb-betlist">
            {bets.data!.map((bet) => (
              <BetCard key={bet.id} bet={bet} namesOf={namesOf} focused={bet.id === focusId} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function BetCard({
  bet,
  namesOf,
  focused,
}: {
  bet: PlayerBet;
  namesOf: (id: string) => EventNames | null;
  focused: boolean;
}) {
  const { t, i18n } = useTranslation('sportsbook');
  const { format } = useMoney();
  const label = useLabel();
  const oddsText = useOddsText();
  const kind = bet.type === 'system' && bet.system ? systemName(bet.system, t) : t(`slip.types.${bet.type}`);
  const settled = bet.status !== 'open';
  return (
    <li
      className={`sb-bet is-${bet.status}${focused ? ' is-focused' : ''}`}
      data-testid="bet"
      data-bet={bet.id}
      data-status={bet.status}
      ref={focused ? bringIntoView : undefined}
      aria-current={focused ? 'true' : undefined}
    >
      <header className="sb-bet__head">
        <b>
          {kind}
          {bet.legs.length > 1 ? ` · ${bet.legs.length}` : ''}
        </b>
        <span className={`sb-bet__status is-${bet.status}`}>{t(`bets.status.${bet.status}`)}</span>
      </header>
      <ul className="sb-bet__legs">
        {bet.legs.map((leg, i) => {
          const names = leg.event ?? namesOf(leg.eventId);
          const teams = { home: names?.home ?? t('home'), away: names?.away ?? t('away') };
          const line = marketLine(leg.specifiers);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: legs are fixed, in their order
            <li key={i} className={`sb-leg is-${leg.status}`}>
              <span className="sb-leg__pick">
                {label(outcomeLabel(leg.market, leg.specifiers, leg.outcome, teams))}
                <small>
                  {label(marketTitle(leg.market, leg.specifiers, names?.sport ?? ''))}
                  {line && !leg.market.includes('handicap') ? ` ${line}` : ''}
                  {names ? ` · ${names.home} – ${names.away}` : ''}
                </small>
              </span>
              <b>{oddsText(leg.odds)}</b>
            </li>
          );
        })}
      </ul>
      <dl className="sb-sum sb-sum--bet">
        <dt>{t('slip.totalStake')}</dt>
        <dd>{format(bet.stakeMinor)}</dd>
        <dt>{settled ? t('bets.paid') : t('slip.potentialReturn')}</dt>
        <dd data-testid="bet-return">{format(settled ? bet.payoutMinor : bet.potentialReturnMinor)}</dd>
        {bet.cashedOutMinor ? (
          <>
            <dt>{t('bets.cashedOut')}</dt>
            <dd data-testid="bet-cashed-out">{format(bet.cashedOutMinor)}</dd>
          </>
        ) : null}
      </dl>
      <p className="sb-bet__when">{formatDateTime(bet.placedAt, i18n.language)}</p>
      {bet.status === 'open' && bet.cashOut ? (
        <CashOut bet={bet} availableMinor={bet.cashOut.availableMinor} partialAllowed={bet.cashOut.partial} />
      ) : null}
    </li>
  );
}

/** The linked bet, scrolled to once it is drawn. */
const bringIntoView = (node: HTMLLIElement | null) => node?.scrollIntoView({ block: 'nearest' });

function systemName(system: string, t: (key: string, o?: Record<string, unknown>) => string): string {
  return /^\d/.test(system)
    ? `${t('slip.types.system')} ${system}`
    : t(`systems.${system}`, { defaultValue: system });
}

/**
 * Cash-out: the whole value at once, or part of it (slider): the server pays the amount asked and
 * keeps the rest of the bet running. A value that moved is answered with the new one, to confirm again.
 */
function CashOut({
  bet,
  availableMinor,
  partialAllowed,
}: {
  bet: PlayerBet;
  availableMinor: number;
  partialAllowed: boolean;
}) {
  const { t } = useTranslation('sportsbook');
  const { format } = useMoney();
  const errorText = useErrorMessage();
  const keys = useIntentKeys();
  const afterBet = useAfterBet();
  const [partial, setPartial] = useState(false);
  const [amount, setAmount] = useState(availableMinor);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const asked = partial ? Math.min(Math.max(1, amount), availableMinor) : availableMinor;

  const confirm = async () => {
    const body = { amountMinor: asked, expectedMinor: availableMinor };
    setBusy(true);
    setProblem(null);
    try {
      await cashOutBet(bet.id, { ...body, idempotencyKey: keys.keyFor(`${bet.id}:${JSON.stringify(body)}`) });
      keys.done();
      setPartial(false);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.code === 'SPORTS_CASHOUT_CHANGED'
          ? t('cashOut.changed')
          : errorText(error),
      );
    } finally {
      setBusy(false);
      afterBet();
    }
  };

  return (
    <div className="sb-cashout" data-testid="cashout">
      {partial ? (
        <label className="sb-field">
          <span>
            {t('cashOut.partialAmount')} <b data-testid="cashout-amount">{format(asked)}</b>
          </span>
          <input
            type="range"
            min={1}
            max={availableMinor}
            value={asked}
            data-testid="cashout-slider"
            onChange={(e) => setAmount(Number(e.target.value))}
          />
        </label>
      ) : null}
      <div className="sb-cashout__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          data-testid="cashout-confirm"
          disabled={busy}
          onClick={confirm}
        >
          {busy ? t('cashOut.working') : t('cashOut.button', { amount: format(asked) })}
        </button>
        {/* A bet placed under a bonus is cashed out whole only (the server refuses part of it). */}
        {partialAllowed ? (
          <button
            type="button"
            className="sb-link"
            onClick={() => setPartial((p) => !p)}
            data-testid="cashout-partial"
          >
            {partial ? t('cashOut.full') : t('cashOut.partial')}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="sb-warn" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
