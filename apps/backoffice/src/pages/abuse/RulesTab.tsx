import { ABUSE_DIMENSIONS, type AbuseRule, type AbuseRules } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmedSaveRow } from '../../components/ConfirmedSaveRow';
import { QueryState } from '../../components/Status';
import { useConfirmedSave } from '../../lib/confirmed-save';
import { api } from '../../lib/api';

const RULES_KEY = ['bo', 'abuse', 'rules'] as const;

/**
 * Which fingerprints allow only one claim of each kind: a ticked one refuses a second member who
 * shares it; an unticked one only flags the claim. `PUT /bo/abuse/rules` sends the rules that
 * changed, whole; the server audits it and applies it to claims still to come.
 */
export function RulesTab() {
  const { t } = useTranslation();
  const stored = useQuery({ queryKey: RULES_KEY, queryFn: () => api.get<AbuseRules>('/bo/abuse/rules') });
  const [draft, setDraft] = useState<AbuseRule[] | null>(null);
  const save = useConfirmedSave(RULES_KEY);

  useEffect(() => {
    if (stored.data) setDraft(stored.data.list);
  }, [stored.data]);

  if (!stored.data || !draft) return <QueryState query={stored} />;
  const before = stored.data.list;
  const changed = draft.filter((rule, i) => JSON.stringify(rule) !== JSON.stringify(before[i]));

  return (
    <div className="stack">
      <p className="muted small">{t('abuse.rulesHint')}</p>
      <div className="panel">
        <table className="table table--cards">
          <thead>
            <tr>
              <th>{t('abuse.kind')}</th>
              {ABUSE_DIMENSIONS.map((dimension) => (
                <th key={dimension}>{t(`abuse.dimensions.${dimension}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {draft.map((rule, i) => (
              <tr key={rule.kind}>
                <td data-label={t('abuse.kind')}>
                  <strong>{t(`abuse.kinds.${rule.kind}`)}</strong>
                </td>
                {ABUSE_DIMENSIONS.map((dimension) => (
                  <td key={dimension} data-label={t(`abuse.dimensions.${dimension}`)}>
                    <label className="switch">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-checked={rule[dimension]}
                        aria-label={`${t(`abuse.kinds.${rule.kind}`)} — ${t(`abuse.dimensions.${dimension}`)}`}
                        checked={rule[dimension]}
                        onChange={(event) => {
                          save.edited();
                          setDraft(
                            draft.map((r, j) => (j === i ? { ...r, [dimension]: event.target.checked } : r)),
                          );
                        }}
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmedSaveRow
        save={save}
        parsed={{ update: changed }}
        changed={changed.length > 0}
        invalidMessage={null}
        title={t('abuse.confirm')}
        onConfirm={() => void save.apply(() => api.put('/bo/abuse/rules', { list: changed }))}
      >
        <p className="muted small">{t('abuse.confirmText')}</p>
      </ConfirmedSaveRow>
    </div>
  );
}
