import type { VnRegion } from '@sorte/lottery';
import { useTranslation } from 'react-i18next';
import { prizeTableOf, type ResultDraft, type SlotIssues, slotKey } from './vn-result-form';

/**
 * A Vietnamese result laid out as results are printed: one row per prize (ĐB, G1…G8 in the
 * region's order), one field per number, each as long as its prize's numbers. Read-only without
 * `onChange` (a pending proposal shown for approval). Issues mark their field or their whole prize.
 */
export function VnResultForm({
  region,
  draft,
  issues = {},
  onChange,
}: {
  region: VnRegion;
  draft: ResultDraft;
  issues?: SlotIssues;
  onChange?: (draft: ResultDraft) => void;
}) {
  const { t } = useTranslation();
  const message = (at: string) => {
    const issue = issues[at];
    return issue ? t(issue.key, issue.params) : null;
  };
  return (
    <div className="table-wrap">
      <table className="table">
        <tbody>
          {prizeTableOf(region).map(({ prize, count, digits }) => {
            const prizeIssue = message(slotKey(prize));
            return (
              <tr key={prize}>
                <th scope="row" className="nowrap">
                  {t(`lottery.vn.prizes.${prize}`)}
                  <div className="muted small">{t('lottery.vn.prizeShape', { count, digits })}</div>
                </th>
                <td>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
                    {Array.from({ length: count }, (_, index) => {
                      const at = slotKey(prize, index);
                      const value = draft[prize]?.[index] ?? '';
                      const issue = message(at);
                      const label = t('lottery.vn.slotLabel', {
                        prize: t(`lottery.vn.prizes.${prize}`),
                        n: index + 1,
                      });
                      return onChange ? (
                        <span key={at} style={{ display: 'inline-grid', gap: 2 }}>
                          <input
                            className="mono"
                            value={value}
                            aria-label={label}
                            aria-invalid={issue ? true : undefined}
                            title={issue ?? undefined}
                            inputMode="numeric"
                            autoComplete="off"
                            maxLength={digits + 2}
                            size={digits + 1}
                            style={{
                              width: `${digits + 3}ch`,
                              ...(issue
                                ? { borderColor: 'var(--danger)', outlineColor: 'var(--danger)' }
                                : {}),
                            }}
                            onChange={(event) => {
                              const numbers = [...(draft[prize] ?? [])];
                              numbers[index] = event.target.value;
                              onChange({ ...draft, [prize]: numbers });
                            }}
                          />
                          {issue ? <small className="neg">{issue}</small> : null}
                        </span>
                      ) : (
                        <span
                          key={at}
                          className={issue ? 'mono badge badge--bad' : 'mono'}
                          title={issue ?? undefined}
                        >
                          {value || '—'}
                        </span>
                      );
                    })}
                  </div>
                  {prizeIssue ? <small className="neg">{prizeIssue}</small> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
