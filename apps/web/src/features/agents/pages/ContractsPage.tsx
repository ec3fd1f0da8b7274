import type {
  AgentContractsResponse,
  AgentContractType,
  ContractView,
  TeamMembersResponse,
} from '@sorte/contracts';
import { readTierProblems } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useAgentRead } from '../api';
import { TIER_FIELDS, type TierField, TierTable, readTiers, useTierLabel } from '../contract-tiers';
import { useContractAction, useContracts } from '../contracts-api';

type Pending = AgentContractsResponse['requests'][number];

/** What the agent confirms before it is sent: an answer to a request, or a termination request. */
type Step =
  | { action: 'accept' | 'reject'; request: Pending; contract: ContractView | undefined }
  | { action: 'terminate'; contract: ContractView };

/**
 * agentDividend, agentDailySalary, agentHourlySalary, agentRealtimeSalary: one contract type's page —
 * the contract I hold from my upline, the requests waiting for my answer or for the other side's, the
 * contracts I gave my direct downline agents, and the form to offer one (preselected on `downlineId`
 * when Team Management's "offer a contract" opened it).
 */
export function ContractsPage({ type, downlineId }: { type: AgentContractType; downlineId?: string }) {
  const contracts = useContracts(type);
  const [step, setStep] = useState<Step | null>(null);
  const data = contracts.data;
  const offersToMe = new Set(
    (data?.requests ?? []).filter((r) => r.toMe && r.kind === 'new').map((r) => r.contractId),
  );
  const given = (data?.given ?? []).filter((c) => !offersToMe.has(c.id));
  const contractOf = (id: string) =>
    data?.held?.id === id ? data.held : data?.given.find((c) => c.id === id);
  return (
    <div className="ag-page">
      <QueryState
        isLoading={contracts.isLoading}
        error={contracts.error}
        onRetry={() => void contracts.refetch()}
      >
        {data ? (
          <>
            <Requests
              type={type}
              requests={data.requests}
              contractOf={contractOf}
              heldId={data.held?.id}
              onAnswer={(action, request) =>
                setStep({ action, request, contract: contractOf(request.contractId) })
              }
            />
            <Held
              type={type}
              held={data.held}
              terminating={data.requests.some(
                (r) => r.kind === 'termination' && r.contractId === data.held?.id,
              )}
              onTerminate={(contract) => setStep({ action: 'terminate', contract })}
            />
            <Given
              type={type}
              given={given}
              terminating={
                new Set(data.requests.filter((r) => r.kind === 'termination').map((r) => r.contractId))
              }
              onTerminate={(contract) => setStep({ action: 'terminate', contract })}
            />
            {data.held ? <OfferForm key={downlineId ?? 'none'} type={type} preselected={downlineId} /> : null}
          </>
        ) : null}
      </QueryState>
      {step ? <Confirm type={type} step={step} onDone={() => setStep(null)} /> : null}
    </div>
  );
}

function Since({ contract }: { contract: ContractView }) {
  const { t, i18n } = useTranslation('agents');
  return contract.acceptedAt
    ? t('contracts.since', { at: formatDateTime(contract.acceptedAt, i18n.language) })
    : t('contracts.offeredAt', { at: formatDateTime(contract.offeredAt, i18n.language) });
}

function Held({
  type,
  held,
  terminating,
  onTerminate,
}: {
  type: AgentContractType;
  held: ContractView | null;
  terminating: boolean;
  onTerminate: (c: ContractView) => void;
}) {
  const { t } = useTranslation('agents');
  return (
    <section className="ag-card" aria-labelledby="ag-held-title">
      <h4 id="ag-held-title" className="ag-card__title">
        {t('contracts.held')}
      </h4>
      {held ? (
        <>
          <p className="ag-contract__meta">
            <span className={`ag-tag ag-tag--${held.status}`}>{t(`contracts.status.${held.status}`)}</span>
            <span>
              {held.uplineAccount
                ? t('contracts.from', { account: held.uplineAccount })
                : t('contracts.fromPlatform')}
            </span>
            <span className="muted">
              <Since contract={held} />
            </span>
            {type === 'dividend' ? (
              <span className="muted">{t(`contracts.periods.${held.period}`, held.period)}</span>
            ) : null}
          </p>
          <TierTable type={type} tiers={held.tiers} label={t('contracts.heldTiers')} />
          {terminating ? (
            <p className="muted ag-small">{t('contracts.terminationPending')}</p>
          ) : (
            <div className="ag-actions">
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => onTerminate(held)}>
                {t('contracts.requestTermination')}
              </button>
            </div>
          )}
        </>
      ) : (
        <p className="muted ag-empty">{t(`contracts.noneHeld.${type}`)}</p>
      )}
    </section>
  );
}

function Requests({
  type,
  requests,
  contractOf,
  heldId,
  onAnswer,
}: {
  type: AgentContractType;
  requests: Pending[];
  contractOf: (id: string) => ContractView | undefined;
  heldId: string | undefined;
  onAnswer: (action: 'accept' | 'reject', request: Pending) => void;
}) {
  const { t, i18n } = useTranslation('agents');
  if (!requests.length) return null;
  return (
    <section className="ag-card ag-card--accent" aria-labelledby="ag-requests-title">
      <h4 id="ag-requests-title" className="ag-card__title">
        {t('contracts.requests')}
      </h4>
      <ul className="ag-plain" aria-label={t('contracts.requests')}>
        {requests.map((r) => {
          const c = contractOf(r.contractId);
          // The other side: my upline for the contract I hold or am offered, else my downline.
          const mine = r.contractId === heldId || (r.kind === 'new' && r.toMe);
          const other = c ? (mine ? (c.uplineAccount ?? t('contracts.platform')) : c.downlineAccount) : '';
          const text = t(`contracts.request.${r.kind}.${r.toMe ? 'toMe' : 'fromMe'}`, { account: other });
          return (
            <li key={r.id} className="ag-request">
              <p className="ag-request__text">
                <strong>{text}</strong>{' '}
                <span className="muted ag-small">{formatDateTime(r.createdAt, i18n.language)}</span>
              </p>
              {c && r.kind === 'new' ? (
                <TierTable type={type} tiers={c.tiers} label={t('contracts.offeredTiers')} />
              ) : null}
              {r.toMe ? (
                <div className="ag-actions">
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => onAnswer('accept', r)}
                  >
                    {t(`contracts.accept.${r.kind}`)}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => onAnswer('reject', r)}
                  >
                    {t(`contracts.reject.${r.kind}`)}
                  </button>
                </div>
              ) : (
                <p className="muted ag-small">{t('contracts.waiting')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Given({
  type,
  given,
  terminating,
  onTerminate,
}: {
  type: AgentContractType;
  given: ContractView[];
  terminating: Set<string>;
  onTerminate: (c: ContractView) => void;
}) {
  const { t } = useTranslation('agents');
  return (
    <section className="ag-card" aria-labelledby="ag-given-title">
      <h4 id="ag-given-title" className="ag-card__title">
        {t('contracts.given')}
      </h4>
      {given.length ? (
        <ul className="ag-plain" aria-label={t('contracts.given')}>
          {given.map((c) => (
            <li key={c.id} className="ag-given">
              <p className="ag-contract__meta">
                <strong>{c.downlineAccount}</strong>
                <span className={`ag-tag ag-tag--${c.status}`}>{t(`contracts.status.${c.status}`)}</span>
                <span className="muted ag-small">
                  <Since contract={c} />
                </span>
                {c.status === 'active' && !terminating.has(c.id) ? (
                  <button type="button" className="link-btn ag-given__end" onClick={() => onTerminate(c)}>
                    {t('contracts.terminate')}
                  </button>
                ) : null}
              </p>
              <TierTable
                type={type}
                tiers={c.tiers}
                label={t('contracts.tiersOf', { account: c.downlineAccount })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted ag-empty">{t('contracts.noneGiven')}</p>
      )}
    </section>
  );
}

/** The words a server's tier problem ("tiers.1.rate_above_max") reads as, else the error's own. */
function useContractError() {
  const { t } = useTranslation('agents');
  const errorMessage = useErrorMessage();
  return (error: unknown) => {
    const problems = error instanceof ApiError ? readTierProblems(error.details) : [];
    if (!problems.length) return errorMessage(error);
    const why = (reason: string) => t(`contracts.problem.${reason}`, t('contracts.problem.invalid'));
    return problems
      .map(({ tier, reason }) =>
        tier === null ? why(reason) : t('contracts.problem.tier', { n: tier, reason: why(reason) }),
      )
      .join(' ');
  };
}

function Confirm({ type, step, onDone }: { type: AgentContractType; step: Step; onDone: () => void }) {
  const { t } = useTranslation('agents');
  const act = useContractAction(type);
  const problemOf = useContractError();
  const [problem, setProblem] = useState<string | null>(null);
  const key = step.action === 'terminate' ? 'terminate' : `${step.action}.${step.request.kind}`;
  const account = step.contract
    ? step.action === 'terminate' || step.request.kind === 'termination'
      ? step.contract.downlineAccount
      : (step.contract.uplineAccount ?? t('contracts.platform'))
    : '';
  const send = () => {
    const body =
      step.action === 'terminate'
        ? { action: 'terminate' as const, contractId: step.contract.id }
        : { action: step.action, requestId: step.request.id };
    act.mutate(body, {
      onSuccess: () => {
        toast(t(`contracts.done.${key}`), 'success');
        onDone();
      },
      onError: (error) => setProblem(problemOf(error)),
    });
  };
  return (
    <ConfirmDialog
      title={t(`contracts.confirm.${key}.title`)}
      message={
        <>
          {t(`contracts.confirm.${key}.text`, { account, type: t(`contracts.types.${type}`) })}
          {problem ? (
            <span className="ag-error ag-confirm-error" role="alert">
              {problem}
            </span>
          ) : null}
        </>
      }
      busy={act.isPending}
      onConfirm={send}
      onCancel={onDone}
    />
  );
}

const blankTier = (): Record<string, string> => ({});

/** Offer a direct downline agent a contract of this type: pick the agent, edit the ordered tiers. */
function OfferForm({ type, preselected }: { type: AgentContractType; preselected?: string }) {
  const { t } = useTranslation('agents');
  const money = useMoney();
  const label = useTierLabel(type);
  const agents = useAgentRead<TeamMembersResponse>('/wps/agent/team/members', {
    scope: 'direct',
    kind: 'agent',
    sort: 'account',
    order: 'asc',
    pageNo: 1,
    pageSize: 100,
  });
  const offer = useContractAction(type);
  const problemOf = useContractError();
  const [downline, setDownline] = useState(preselected ?? '');
  const [tiers, setTiers] = useState<Record<string, string>[]>([blankTier()]);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = (i: number, field: TierField, value: string) =>
    setTiers((list) => list.map((tier, j) => (j === i ? { ...tier, [field]: value } : tier)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!downline) return setProblem(t('contracts.pickAgent'));
    const read = readTiers(type, tiers, money.currency, money.locale);
    if ('bad' in read)
      return setProblem(
        t('contracts.problem.tier', {
          n: read.bad.tier,
          reason: t('contracts.problem.field', { field: label(read.bad.field) }),
        }),
      );
    setProblem(null);
    offer.mutate(
      { action: 'offer', downlineId: downline, tiers: read.tiers },
      {
        onSuccess: () => {
          const account = agents.data?.list.find((m) => m.id === downline)?.account ?? '';
          toast(t('contracts.offered', { account }), 'success');
          setTiers([blankTier()]);
          setDownline('');
        },
        onError: (error) => setProblem(problemOf(error)),
      },
    );
  };

  const list = agents.data?.list ?? [];
  return (
    <section className="ag-card" aria-labelledby="ag-offer-title">
      <h4 id="ag-offer-title" className="ag-card__title">
        {t('contracts.offerTitle')}
      </h4>
      <form className="ag-form ag-form--wide" onSubmit={submit} noValidate>
        <label className="ag-field" htmlFor={`ag-offer-${type}-agent`}>
          <span className="ag-field__label">{t('contracts.downline')}</span>
          <select
            id={`ag-offer-${type}-agent`}
            className="select"
            value={downline}
            onChange={(e) => setDownline(e.target.value)}
          >
            <option value="">{list.length ? t('contracts.pick') : t('contracts.noAgents')}</option>
            {list.map((m) => (
              <option key={m.id} value={m.id}>
                {m.account}
              </option>
            ))}
          </select>
        </label>
        <p className="muted ag-small">{t(`contracts.help.${type}`)}</p>
        <ol className="ag-tiers">
          {tiers.map((tier, i) => (
            // Tiers are edited in place and only appended or removed from the end.
            // biome-ignore lint/suspicious/noArrayIndexKey: a tier's place is its identity
            <li key={i} className="ag-tier">
              <fieldset className="ag-tier__fields">
                <legend className="ag-field__label">{t('contracts.tierN', { n: i + 1 })}</legend>
                {TIER_FIELDS[type].map((field) => (
                  <label key={field} className="ag-field" htmlFor={`ag-tier-${type}-${i}-${field}`}>
                    <span className="ag-field__label ag-small">{label(field)}</span>
                    <input
                      id={`ag-tier-${type}-${i}-${field}`}
                      className="ag-input"
                      inputMode={field === 'minActiveMembers' ? 'numeric' : 'decimal'}
                      autoComplete="off"
                      placeholder={field === 'amountMinor' ? t('contracts.optional') : '0'}
                      value={tier[field] ?? ''}
                      onChange={(e) => edit(i, field, e.target.value)}
                    />
                  </label>
                ))}
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="ag-actions">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setTiers((list) => [...list, blankTier()])}
            disabled={tiers.length >= 10}
          >
            {t('contracts.addTier')}
          </button>
          {tiers.length > 1 ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setTiers((list) => list.slice(0, -1))}
            >
              {t('contracts.removeTier')}
            </button>
          ) : null}
        </div>
        {problem ? (
          <p className="ag-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={offer.isPending}>
          {t('contracts.send')}
        </button>
      </form>
    </section>
  );
}
