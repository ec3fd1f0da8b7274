import {
  type AgentContractType,
  type BoAgentNode,
  type BoContractOffer,
  isRateField,
  readTierProblems,
  readTiers,
  TIER_FIELDS,
  type TierField,
} from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { Alert } from '../../components/Status';
import { useAction } from '../../lib/action';
import { ApiError, api } from '../../lib/api';
import { useMerchantCurrency } from '../lottery/currency';
import { CONTRACT_TYPES } from './shared';

type Draft = Record<string, string>;
const MAX_TIERS = 10;

/**
 * The merchant offers a TOP agent (one without an upline agent) a contract: its type, its ordered
 * tiers (the type's fields: spec §3) and an optional reason for the audit log. The agent accepts or
 * rejects it in its agent centre; the server checks the merchant's rules (type on, rate limits, tier
 * order) and answers a refusal with a code, shown translated.
 */
export function OfferContractDialog({ agent, onClose }: { agent: BoAgentNode; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const currency = useMerchantCurrency() ?? 'BRL';
  const { busy, error, setError, run } = useAction();
  const [problems, setProblems] = useState<string | null>(null);
  const [type, setType] = useState<AgentContractType>('dividend');
  const [tiers, setTiers] = useState<Draft[]>([{}]);
  const [reason, setReason] = useState('');
  const [bad, setBad] = useState<{ tier: number; field: TierField } | null>(null);

  // The server's tier problems (VALIDATION_FAILED, fields "tiers.<n>.<reason>") in words, per tier.
  const tierProblemText = (cause: unknown): string | null => {
    const problems = cause instanceof ApiError ? readTierProblems(cause.details) : [];
    const why = (key: string) =>
      t(`agents.offer.problem.${key}`, { defaultValue: t('agents.offer.problem.invalid') });
    const texts = problems.map(({ tier, reason }) =>
      tier === null ? why(reason) : t('agents.offer.problem.tier', { n: tier, reason: why(reason) }),
    );
    return texts.length ? texts.join(' ') : null;
  };
  // The words of a field for the type ("Daily valid bet"), else the field's own.
  const label = (field: TierField) =>
    t(`agents.offer.fields.${type}.${field}`, { defaultValue: t(`agents.offer.fields.${field}`) });
  const setField = (index: number, field: TierField, value: string) =>
    setTiers((all) => all.map((tier, i) => (i === index ? { ...tier, [field]: value } : tier)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const read = readTiers(type, tiers, currency, i18n.language);
    if ('bad' in read) {
      setBad(read.bad);
      setError(t('agents.offer.badField', { tier: read.bad.tier, field: label(read.bad.field) }));
      return;
    }
    setBad(null);
    setProblems(null);
    const body: BoContractOffer = {
      downlineId: agent.id,
      type,
      tiers: read.tiers,
      ...(reason.trim().length >= 2 ? { reason: reason.trim() } : {}),
    };
    const done = await run(() =>
      api.post('/bo/agents/contracts', body).catch((cause: unknown) => {
        setProblems(tierProblemText(cause));
        throw cause;
      }),
    );
    if (done) {
      await queryClient.invalidateQueries({ queryKey: ['bo', 'agents'] });
      onClose();
    }
  }

  return (
    <Dialog open wide title={t('agents.offer.title', { account: agent.account })} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <p className="muted">{t('agents.offer.summary')}</p>
        <label className="field">
          <span>{t('agents.contracts.type')}</span>
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value as AgentContractType);
              setBad(null);
            }}
          >
            {CONTRACT_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`agents.types.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('agents.contracts.tiers')}</legend>
          <p className="muted small">{t(`agents.offer.hint.${type}`)}</p>
          {tiers.map((tier, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place, added and removed at the end.
              key={index}
              className="offer-tier"
              style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-end' }}
            >
              <strong style={{ flex: '0 0 100%' }}>{t('agents.offer.tierN', { n: index + 1 })}</strong>
              {TIER_FIELDS[type].map((field) => (
                <label key={field} className="field" style={{ flex: '1 1 9rem', minWidth: 0 }}>
                  <span>
                    {label(field)}
                    {isRateField(field) ? ' (%)' : field === 'minActiveMembers' ? '' : ` (${currency})`}
                  </span>
                  <input
                    inputMode="decimal"
                    autoComplete="off"
                    value={tier[field] ?? ''}
                    aria-invalid={bad?.tier === index + 1 && bad.field === field}
                    onChange={(event) => setField(index, field, event.target.value)}
                  />
                </label>
              ))}
            </div>
          ))}
          <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
            <button
              type="button"
              className="button button--small"
              disabled={tiers.length >= MAX_TIERS}
              onClick={() => setTiers((all) => [...all, {}])}
            >
              {t('agents.offer.addTier')}
            </button>
            {tiers.length > 1 ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => setTiers((all) => all.slice(0, -1))}
              >
                {t('agents.offer.removeTier')}
              </button>
            ) : null}
          </div>
        </fieldset>
        <label className="field">
          <span>{t('agents.offer.reason')}</span>
          <textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={500}
          />
        </label>
        <Alert tone="error">{problems ?? error}</Alert>
        <DialogActions onCancel={onClose} label={t('agents.offer.send')} busy={busy} />
      </form>
    </Dialog>
  );
}
