import type { AgentContractType, BoContractRules, BoContractRulesUpdate } from '@sorte/contracts';
import { minorToInput, parseAmountInput, rateFromPercent } from '@sorte/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Badge, QueryState } from '../../components/Status';
import { api } from '../../lib/api';
import { useAction } from '../../lib/action';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../../lib/operator';
import { useMerchantCurrency } from '../lottery/currency';
import { CONTRACT_TYPES, percentText } from './shared';

const RULES_KEY = ['bo', 'agents', 'rules'] as const;
const PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;

interface Draft {
  rates: Record<AgentContractType, string>;
  maxAmount: string;
  maxTiers: string;
  dividendPeriod: BoContractRules['dividendPeriod'];
  activeMin: string;
  carryOver: boolean;
  threshold: string;
  reason: string;
}

function draftOf(rules: BoContractRules, currency: string, locale: string): Draft {
  const percent = (units: number) => percentText(units, locale);
  return {
    rates: {
      dividend: percent(rules.maxRateUnits.dividend),
      daily: percent(rules.maxRateUnits.daily),
      hourly: percent(rules.maxRateUnits.hourly),
      realtime: percent(rules.maxRateUnits.realtime),
    },
    maxAmount: minorToInput(rules.maxAmountMinor, currency, locale),
    maxTiers: String(rules.maxTiers),
    dividendPeriod: rules.dividendPeriod,
    activeMin: minorToInput(rules.activeMinValidBetMinor, currency, locale),
    carryOver: rules.carryOver,
    threshold: minorToInput(rules.approvalThresholdMinor, currency, locale),
    reason: '',
  };
}

/** The form's values as the API's, or the first field that does not read. */
function parseDraft(d: Draft, currency: string, locale: string): BoContractRulesUpdate | { invalid: string } {
  const amount = (field: string, text: string) => {
    const parsed = parseAmountInput(text, currency, locale);
    if (!parsed?.ok) throw field;
    return Number(parsed.minor);
  };
  const rate = (type: AgentContractType) => {
    try {
      const units = rateFromPercent(d.rates[type].trim().replace(',', '.'));
      if (units < 0n || units > 1_000_000n) throw type;
      return Number(units);
    } catch {
      throw `rate.${type}`;
    }
  };
  try {
    const maxTiers = Number(d.maxTiers);
    if (!Number.isInteger(maxTiers) || maxTiers < 1 || maxTiers > 50) throw 'maxTiers';
    return {
      maxRateUnits: {
        dividend: rate('dividend'),
        daily: rate('daily'),
        hourly: rate('hourly'),
        realtime: rate('realtime'),
      },
      maxAmountMinor: amount('maxAmount', d.maxAmount),
      maxTiers,
      dividendPeriod: d.dividendPeriod,
      activeMinValidBetMinor: amount('activeMin', d.activeMin),
      carryOver: d.carryOver,
      approvalThresholdMinor: amount('threshold', d.threshold),
      reason: d.reason.trim().length >= 2 ? d.reason.trim() : undefined,
    };
  } catch (field) {
    return { invalid: String(field) };
  }
}

/**
 * The merchant's contract rules: which types are on (feature flags, switched in the site settings),
 * the highest rate of each type, the largest fixed daily salary, tiers per contract, the dividend
 * period, the active-member minimum, negative carry-over and the approval threshold. Saved audited.
 */
export function RulesTab() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const currency = useMerchantCurrency() ?? 'BRL';
  const queryClient = useQueryClient();
  const canManage = useCan('agents.manage');
  const canFlags = useCan('merchant.config');
  const rules = useQuery({
    queryKey: RULES_KEY,
    queryFn: () => api.get<BoContractRules>('/bo/agents/rules'),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction();
  useEffect(() => {
    if (rules.data) setDraft(draftOf(rules.data, currency, locale));
  }, [rules.data, currency, locale]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaved(false);
    const parsed = parseDraft(draft, currency, locale);
    if ('invalid' in parsed) {
      setInvalid(parsed.invalid);
      return;
    }
    setInvalid(null);
    const ok = await save.run(async () => {
      const next = await api.put<BoContractRules>('/bo/agents/rules', parsed);
      queryClient.setQueryData(RULES_KEY, next);
    });
    setSaved(ok);
  }

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const data = rules.data;
  return (
    <>
      <QueryState query={rules} />
      {data && draft ? (
        <form className="panel stack" onSubmit={submit}>
          <fieldset className="fieldset">
            <legend>{t('agents.rules.types')}</legend>
            <p style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
              {CONTRACT_TYPES.map((type) => (
                <Badge key={type} tone={data.flags[type] ? 'ok' : 'muted'}>
                  {t(`agents.types.${type}`)}: {t(data.flags[type] ? 'agents.rules.on' : 'agents.rules.off')}
                </Badge>
              ))}
            </p>
            <p className="muted small">
              {t('agents.rules.flagsHint')}{' '}
              {canFlags ? <Link to="/settings">{t('agents.rules.flagsLink')}</Link> : null}
            </p>
          </fieldset>
          <fieldset className="fieldset">
            <legend>{t('agents.rules.maxRates')}</legend>
            <div className="grid">
              {CONTRACT_TYPES.map((type) => (
                <label key={type} className="field">
                  <span>{t('agents.rules.maxRate', { type: t(`agents.types.${type}`) })}</span>
                  <input
                    inputMode="decimal"
                    value={draft.rates[type]}
                    disabled={!canManage}
                    aria-invalid={invalid === `rate.${type}`}
                    onChange={(event) => set({ rates: { ...draft.rates, [type]: event.target.value } })}
                  />
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid">
            <label className="field">
              <span>{t('agents.rules.maxAmount')}</span>
              <input
                inputMode="decimal"
                value={draft.maxAmount}
                disabled={!canManage}
                aria-invalid={invalid === 'maxAmount'}
                onChange={(event) => set({ maxAmount: event.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('agents.rules.maxTiers')}</span>
              <input
                type="number"
                min={1}
                max={50}
                value={draft.maxTiers}
                disabled={!canManage}
                aria-invalid={invalid === 'maxTiers'}
                onChange={(event) => set({ maxTiers: event.target.value })}
              />
            </label>
            <label className="field">
              <span>{t('agents.rules.dividendPeriod')}</span>
              <select
                value={draft.dividendPeriod}
                disabled={!canManage}
                onChange={(event) => set({ dividendPeriod: event.target.value as Draft['dividendPeriod'] })}
              >
                {PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`agents.periods.${period}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('agents.rules.activeMin')}</span>
              <input
                inputMode="decimal"
                value={draft.activeMin}
                disabled={!canManage}
                aria-invalid={invalid === 'activeMin'}
                onChange={(event) => set({ activeMin: event.target.value })}
              />
              <small className="muted">{t('agents.rules.activeMinHint')}</small>
            </label>
            <label className="field">
              <span>{t('agents.rules.threshold')}</span>
              <input
                inputMode="decimal"
                value={draft.threshold}
                disabled={!canManage}
                aria-invalid={invalid === 'threshold'}
                onChange={(event) => set({ threshold: event.target.value })}
              />
              <small className="muted">{t('agents.rules.thresholdHint')}</small>
            </label>
          </div>
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              aria-checked={draft.carryOver}
              checked={draft.carryOver}
              disabled={!canManage}
              onChange={(event) => set({ carryOver: event.target.checked })}
            />
            <span className="switch__text">
              <strong>{t('agents.rules.carryOver')}</strong>
              <span className="muted small">{t('agents.rules.carryOverHint')}</span>
            </span>
          </label>
          {canManage ? (
            <>
              <label className="field">
                <span>{t('agents.rules.reason')}</span>
                <input
                  value={draft.reason}
                  maxLength={500}
                  onChange={(event) => set({ reason: event.target.value })}
                />
              </label>
              <Alert tone="error">{invalid ? t('agents.rules.invalid') : save.error}</Alert>
              <Alert tone="ok">{saved ? t('agents.rules.saved') : null}</Alert>
              <div className="actions">
                <button type="submit" className="button button--primary" disabled={save.busy}>
                  {t('action.save')}
                </button>
              </div>
            </>
          ) : null}
          {data.updatedAt ? (
            <p className="muted small">
              {t('agents.rules.updated', { at: formatDateTime(data.updatedAt), by: data.updatedBy ?? '—' })}
            </p>
          ) : null}
        </form>
      ) : null}
    </>
  );
}
