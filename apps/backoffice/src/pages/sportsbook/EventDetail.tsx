import type { BoSportsEventDetail, BoSportsMarket } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Alert, Badge, QueryState } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCan, useMe, useMoney } from '../../lib/operator';
import { oddsText } from '../../lib/sportsbook';
import { useMerchantCurrency } from '../lottery/currency';
import { FixtureStatus } from './EventsTab';
import { useSportsLabels } from './labels';
import { ResultDialog } from './ResultDialog';

type Step =
  | { kind: 'suspend' | 'resume'; market: BoSportsMarket | null }
  | { kind: 'result' | 'rollback'; market: BoSportsMarket }
  | { kind: 'confirm' | 'reject'; market: BoSportsMarket; id: number };

/** Markets that take no bets whatever an operator does. */
const CLOSED = ['settled', 'cancelled'];
/** Events that can still take bets: an ended, closed or cancelled one has nothing to suspend. */
const OPEN_FIXTURES = ['not_started', 'live'];

export const eventKey = (id: string) => ['bo', 'sportsbook', 'event', id] as const;

/**
 * One event for a trader: every market with its status, bets and turnover, and per outcome the odds,
 * the LIABILITY (what the house pays if it wins: the potential returns of the open bets on it; a
 * multiple counts under each of its open outcomes) and the standing result. With `sportsbook.trade`:
 * suspend or resume the event or a market (until an operator resumes it; the feed cannot lift it),
 * propose a manual result or a rollback of a settlement, and confirm or reject another operator's.
 */
export function SportsEventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const trade = useCan('sportsbook.trade');
  const me = useMe().data?.username;
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: eventKey(id),
    queryFn: () => api.get<BoSportsEventDetail>(`/bo/sportsbook/events/${encodeURIComponent(id)}`),
    refetchInterval: 10_000,
  });
  const [step, setStep] = useState<Step | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  const event = detail.data?.event;
  const labels = useSportsLabels(event ? { home: event.home, away: event.away } : undefined);

  if (!detail.data || !event) return <QueryState query={detail} />;
  const close = () => {
    setStep(null);
    action.setError(null);
  };
  const done = async (message: string) => {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: ['bo', 'sportsbook'] });
  };
  const marketName = (m: BoSportsMarket | null) =>
    m ? labels.market(m.key, m.specifiers) : t('sportsbook.wholeEvent');
  const marketBody = (m: BoSportsMarket | null) => (m ? { market: m.key, specifiers: m.specifiers } : {});
  async function suspend(resume: boolean, market: BoSportsMarket | null, reason = '') {
    await api.post(`/bo/sportsbook/events/${encodeURIComponent(id)}/${resume ? 'resume' : 'suspend'}`, {
      ...marketBody(market),
      ...(reason ? { reason } : {}),
    });
    await done(
      t(resume ? 'sportsbook.detail.resumed' : 'sportsbook.detail.suspendedDone', {
        market: marketName(market),
      }),
    );
  }

  return (
    <section className="page">
      <Link className="back" to="/sportsbook?tab=events">
        ← {t('sportsbook.title')}
      </Link>
      <header className="page__head">
        <div className="stack sb-event__head">
          <h1 className="wrap">
            {event.home} – {event.away}
          </h1>
          <div className="muted small">
            {t(`sportsbook.sports.${event.sport}`, { defaultValue: event.sport })} · {event.tournament} ·{' '}
            {formatDateTime(event.startTime)}
          </div>
          <FixtureStatus event={event} />
        </div>
        {trade && (event.suspended || OPEN_FIXTURES.includes(event.status)) ? (
          <button
            type="button"
            className={`button${event.suspended ? ' button--primary' : ' button--danger'}`}
            onClick={() => setStep({ kind: event.suspended ? 'resume' : 'suspend', market: null })}
          >
            {t(event.suspended ? 'sportsbook.detail.resumeEvent' : 'sportsbook.detail.suspendEvent')}
          </button>
        ) : null}
      </header>
      <div className="cards">
        <div className="stat">
          <span className="stat__label">{t('sportsbook.events.openBets')}</span>
          <span className="stat__value">{event.openBets}</span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('sportsbook.events.turnover')}</span>
          <span className="stat__value">{money(event.turnoverMinor, currency)}</span>
        </div>
      </div>
      <p className="muted small">{t('sportsbook.detail.liabilityRule')}</p>
      <Alert tone="ok">{notice}</Alert>
      {detail.data.markets.length === 0 ? <p className="empty">{t('sportsbook.detail.noMarkets')}</p> : null}
      {detail.data.markets.map((m) => {
        const worst = Math.max(0, ...m.outcomes.map((o) => o.liabilityMinor));
        return (
          <article className="panel" key={`${m.key}|${m.specifiers}`}>
            <div className="panel__head">
              <div className="stack sb-market__title">
                <h2 className="wrap">{labels.market(m.key, m.specifiers)}</h2>
                <span className="badges">
                  <Badge tone={m.status === 'active' ? 'ok' : m.status === 'settled' ? 'muted' : 'warn'}>
                    {t(`sportsbook.market.${m.status}`, { defaultValue: m.status })}
                  </Badge>
                  {m.suspended ? <Badge tone="bad">{t('sportsbook.suspended')}</Badge> : null}
                  <span className="muted small">
                    {t('sportsbook.detail.bets', { count: m.bets })} · {money(m.turnoverMinor, currency)} ·{' '}
                    {t('sportsbook.detail.worst')} {money(worst, currency)}
                  </span>
                </span>
              </div>
              {trade ? (
                <div className="actions">
                  {/* A settled or cancelled market takes no bets anyway: nothing to suspend. */}
                  {m.suspended || !CLOSED.includes(m.status) ? (
                    <button
                      type="button"
                      className={`button button--small${m.suspended ? '' : ' button--danger'}`}
                      onClick={() => setStep({ kind: m.suspended ? 'resume' : 'suspend', market: m })}
                    >
                      {t(m.suspended ? 'sportsbook.detail.resume' : 'sportsbook.detail.suspend')}
                    </button>
                  ) : null}
                  {m.pending ? null : (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setStep({ kind: 'result', market: m })}
                    >
                      {t(m.status === 'settled' ? 'sportsbook.detail.resettle' : 'sportsbook.detail.result')}
                    </button>
                  )}
                  {m.status === 'settled' && !m.pending ? (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setStep({ kind: 'rollback', market: m })}
                    >
                      {t('sportsbook.detail.rollback')}
                    </button>
                  ) : null}
                </div>
              ) : null}
            </div>
            {m.pending ? (
              <div className="alert alert--warn sb-pending">
                <div className="wrap">
                  <strong>
                    {t(
                      m.pending.kind === 'settle'
                        ? 'sportsbook.detail.pendingResult'
                        : 'sportsbook.detail.pendingRollback',
                      {
                        who: m.pending.proposedBy,
                      },
                    )}
                  </strong>
                  {m.pending.outcomes ? (
                    <div className="small">
                      {m.pending.outcomes
                        .map((o) => `${labels.outcome(o.id)}: ${t(`sportsbook.result.${o.result}`)}`)
                        .join(' · ')}
                    </div>
                  ) : null}
                  <div className="small muted">
                    {t('reason.label')}: {m.pending.reason}
                  </div>
                </div>
                {trade ? (
                  <div className="actions">
                    {m.pending.proposedBy === me ? (
                      <span className="small muted">{t('sportsbook.detail.waitingOther')}</span>
                    ) : (
                      <button
                        type="button"
                        className="button button--small button--primary"
                        onClick={() => setStep({ kind: 'confirm', market: m, id: m.pending!.id })}
                      >
                        {t('action.confirm')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setStep({ kind: 'reject', market: m, id: m.pending!.id })}
                    >
                      {t('action.reject')}
                    </button>
                  </div>
                ) : null}
              </div>
            ) : null}
            <DataTable
              className="table table--cards sb-outcomes"
              head={
                <>
                  <th>{t('sportsbook.detail.outcome')}</th>
                  <th className="num">{t('sportsbook.detail.odds')}</th>
                  <th className="num">{t('sportsbook.detail.liability')}</th>
                  <th className="num">{t('sportsbook.events.openBets')}</th>
                  <th>{t('sportsbook.detail.resultColumn')}</th>
                </>
              }
            >
              {m.outcomes.map((o) => (
                <tr key={o.id}>
                  <td data-label={t('sportsbook.detail.outcome')} className="wrap">
                    {labels.outcome(o.id)}
                  </td>
                  <td data-label={t('sportsbook.detail.odds')} className="num">
                    <span className={`mono${o.active ? '' : ' muted'}`}>{oddsText(o.odds)}</span>
                  </td>
                  <td data-label={t('sportsbook.detail.liability')} className="num nowrap">
                    <span
                      className={o.liabilityMinor > 0 && o.liabilityMinor === worst ? 'sb-worst' : undefined}
                    >
                      {money(o.liabilityMinor, currency)}
                    </span>
                  </td>
                  <td data-label={t('sportsbook.events.openBets')} className="num">
                    {o.openBets}
                  </td>
                  <td data-label={t('sportsbook.detail.resultColumn')}>
                    {o.result ? (
                      <Badge tone={o.result === 'lose' ? 'muted' : 'ok'}>
                        {t(`sportsbook.result.${o.result}`)}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </article>
        );
      })}

      {step?.kind === 'suspend' ? (
        <ReasonDialog
          title={t('sportsbook.detail.suspendTitle', { market: marketName(step.market) })}
          summary={<p className="muted small">{t('sportsbook.detail.suspendText')}</p>}
          confirmLabel={t('sportsbook.detail.suspend')}
          danger
          onConfirm={(reason) => suspend(false, step.market, reason)}
          onClose={close}
        />
      ) : null}
      {step?.kind === 'resume' ? (
        <ConfirmDialog
          title={t('sportsbook.detail.resumeTitle', { market: marketName(step.market) })}
          label={t('sportsbook.detail.resume')}
          busy={action.busy}
          onCancel={close}
          onConfirm={() => void action.run(() => suspend(true, step.market)).then((ok) => ok && close())}
        >
          <p className="muted small">{t('sportsbook.detail.resumeText')}</p>
          <Alert tone="error">{action.error}</Alert>
        </ConfirmDialog>
      ) : null}
      {step?.kind === 'result' ? (
        <ResultDialog
          market={step.market}
          title={marketName(step.market)}
          outcomeName={labels.outcome}
          onSubmit={async (outcomes, reason) => {
            await api.post(`/bo/sportsbook/events/${encodeURIComponent(id)}/results`, {
              kind: 'settle',
              ...marketBody(step.market),
              outcomes,
              reason,
            });
            await done(t('sportsbook.detail.proposed', { market: marketName(step.market) }));
          }}
          onClose={close}
        />
      ) : null}
      {step?.kind === 'rollback' ? (
        <ReasonDialog
          title={t('sportsbook.detail.rollbackTitle', { market: marketName(step.market) })}
          summary={<p className="muted small">{t('sportsbook.detail.rollbackText')}</p>}
          confirmLabel={t('sportsbook.detail.propose')}
          minLength={3}
          danger
          onConfirm={async (reason) => {
            await api.post(`/bo/sportsbook/events/${encodeURIComponent(id)}/results`, {
              kind: 'rollback',
              ...marketBody(step.market),
              reason,
            });
            await done(t('sportsbook.detail.proposed', { market: marketName(step.market) }));
          }}
          onClose={close}
        />
      ) : null}
      {step?.kind === 'confirm' ? (
        <ConfirmDialog
          title={t('sportsbook.detail.confirmTitle', { market: marketName(step.market) })}
          busy={action.busy}
          onCancel={close}
          onConfirm={() =>
            void action
              .run(async () => {
                await api.post(`/bo/sportsbook/results/${step.id}/confirm`, {});
                await done(t('sportsbook.detail.applied', { market: marketName(step.market) }));
              })
              .then((ok) => ok && close())
          }
        >
          <p className="small">{t('sportsbook.detail.confirmText')}</p>
          <Alert tone="error">{action.error}</Alert>
        </ConfirmDialog>
      ) : null}
      {step?.kind === 'reject' ? (
        <ReasonDialog
          title={t('sportsbook.detail.rejectTitle', { market: marketName(step.market) })}
          confirmLabel={t('action.reject')}
          minLength={3}
          danger
          onConfirm={async (reason) => {
            await api.post(`/bo/sportsbook/results/${step.id}/reject`, { reason });
            await done(t('sportsbook.detail.rejected', { market: marketName(step.market) }));
          }}
          onClose={close}
        />
      ) : null}
    </section>
  );
}
