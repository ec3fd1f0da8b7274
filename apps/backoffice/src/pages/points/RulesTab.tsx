import type { PointsRules } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmedSaveRow } from '../../components/ConfirmedSaveRow';
import { Alert, QueryState } from '../../components/Status';
import { Switch } from '../../components/Switch';
import { useConfirmedSave } from '../../lib/confirmed-save';
import { api } from '../../lib/api';
import { parseRulesDraft, type RulesDraft, rulesChanged, rulesDraftOf } from '../../lib/points-mall';

const RULES_KEY = ['bo', 'points', 'rules'] as const;

/**
 * The points rules: the mall's switch, the cash switch (off by default — points turned into cash are
 * a bonus, which Brazil's rules forbid), the conversion rate and the points per stake unit of each
 * category, and the merchant's WhatsApp number and Zalo ID for the redeem prompts (empty: that prompt
 * is not offered). `PUT /bo/points/rules` sends only what changed; the server audits it. A new rate
 * applies to stake still to come.
 */
export function RulesTab() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const stored = useQuery({ queryKey: RULES_KEY, queryFn: () => api.get<PointsRules>('/bo/points/rules') });
  const [draft, setDraft] = useState<RulesDraft | null>(null);
  const save = useConfirmedSave(RULES_KEY);
  const { invalid } = save;

  useEffect(() => {
    if (stored.data) setDraft(rulesDraftOf(stored.data, locale));
  }, [stored.data, locale]);

  if (!stored.data || !draft) return <QueryState query={stored} />;
  const rules = stored.data;
  const parsed = parseRulesDraft(draft, rules, locale);
  const changed = 'update' in parsed && rulesChanged(parsed.update);
  const edit = (next: RulesDraft) => {
    save.edited();
    setDraft(next);
  };
  const text = (
    field: 'convertPoints' | 'convertCash' | 'convertMinPoints' | 'whatsappContact' | 'zaloContact',
    label: string,
    mode: 'decimal' | 'numeric' | 'tel' | 'text' = 'numeric',
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        inputMode={mode}
        value={draft[field]}
        aria-invalid={invalid === field}
        onChange={(event) => edit({ ...draft, [field]: event.target.value })}
      />
    </label>
  );

  const apply = () => {
    if ('update' in parsed) void save.apply(() => api.put('/bo/points/rules', parsed.update));
  };

  return (
    <div className="stack">
      <Alert tone="warn">{t('points.rules.cashNote')}</Alert>
      <div className="panel">
        <ul className="switches">
          <li>
            <Switch
              checked={draft.enabled}
              onChange={(on) => edit({ ...draft, enabled: on })}
              label={t('points.rules.enabled')}
              hint={t('points.rules.enabledHint')}
            />
          </li>
          <li>
            <Switch
              checked={draft.cashEnabled}
              onChange={(on) => edit({ ...draft, cashEnabled: on })}
              label={t('points.rules.cashEnabled')}
              hint={t('points.rules.cashHint')}
            />
          </li>
        </ul>
      </div>
      <div className="panel">
        <h2>{t('points.rules.convertTitle')}</h2>
        <p className="muted small">{t('points.rules.convertHint', { currency: rules.currency })}</p>
        <div className="form-row">
          {text('convertPoints', t('points.rules.convertPoints'))}
          {text('convertCash', t('points.rules.convertCash', { currency: rules.currency }), 'decimal')}
          {text('convertMinPoints', t('points.rules.convertMinPoints'))}
        </div>
      </div>
      <div className="panel">
        <h2>{t('points.rules.contactsTitle')}</h2>
        <p className="muted small">{t('points.rules.contactsHint')}</p>
        <div className="form-row">
          {text('whatsappContact', t('points.rules.whatsappContact'), 'tel')}
          {text('zaloContact', t('points.rules.zaloContact'), 'text')}
        </div>
      </div>
      <div className="panel">
        <h2>{t('points.rules.ratesTitle')}</h2>
        <p className="muted small">{t('points.rules.ratesHint')}</p>
        <div className="table-wrap points-rates-wrap">
          <table className="table points-rates">
            <thead>
              <tr>
                <th>{t('points.rules.category')}</th>
                <th>{t('points.rules.unit', { currency: rules.currency })}</th>
                <th>{t('points.rules.points')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.rates.map(({ category }) => {
                const label = t(`settings.rebates.categories.${category}`);
                const typed = draft.rates[category] ?? { unit: '', points: '' };
                const set = (part: 'unit' | 'points') => (value: string) =>
                  edit({ ...draft, rates: { ...draft.rates, [category]: { ...typed, [part]: value } } });
                return (
                  <tr key={category}>
                    <td className="points-rates__cell">{label}</td>
                    <td className="points-rates__cell">
                      <input
                        className="points-rates__input"
                        inputMode="decimal"
                        aria-label={`${label} — ${t('points.rules.unit', { currency: rules.currency })}`}
                        aria-invalid={invalid === category}
                        value={typed.unit}
                        onChange={(event) => set('unit')(event.target.value)}
                      />
                    </td>
                    <td className="points-rates__cell">
                      <input
                        className="points-rates__input"
                        inputMode="numeric"
                        aria-label={`${label} — ${t('points.rules.points')}`}
                        aria-invalid={invalid === category}
                        value={typed.points}
                        onChange={(event) => set('points')(event.target.value)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <ConfirmedSaveRow
        save={save}
        parsed={parsed}
        changed={changed}
        invalidMessage={
          invalid
            ? t(
                invalid.startsWith('convert') || invalid.endsWith('Contact')
                  ? `points.rules.bad.${invalid}`
                  : 'points.rules.bad.rate',
              )
            : null
        }
        title={t('points.rules.confirm')}
        onConfirm={apply}
      >
        {'update' in parsed && parsed.update.cashEnabled === true ? (
          <Alert tone="warn">{t('points.rules.cashConfirm')}</Alert>
        ) : null}
        <p className="muted small">{t('points.rules.confirmText')}</p>
      </ConfirmedSaveRow>
    </div>
  );
}
