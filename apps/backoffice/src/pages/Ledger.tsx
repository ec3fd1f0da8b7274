import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorBox } from '../components/Status';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { invariantResults, type VerifyReport } from '../lib/ledger-report';

export function LedgerPage() {
  const { t } = useTranslation();
  const verify = useMutation({ mutationFn: () => api.get<VerifyReport>('/bo/ledger/verify') });
  const report = verify.data;
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('ledger.title')}</h1>
        <button
          type="button"
          className="button button--primary"
          disabled={verify.isPending}
          onClick={() => verify.mutate()}
        >
          {verify.isPending ? t('ledger.running') : t('ledger.run')}
        </button>
      </header>
      <p className="muted">{t('ledger.intro')}</p>
      {verify.error ? <ErrorBox error={verify.error} /> : null}
      {report ? (
        <>
          <div className={`alert ${report.ok ? 'alert--ok' : 'alert--error'}`} role="status">
            {t(report.ok ? 'ledger.allOk' : 'ledger.failed')} · {formatDateTime(report.checkedAt)}
          </div>
          <div className="cards">
            {(['accounts', 'transfers', 'entries', 'openHolds'] as const).map((key) => (
              <div className="stat" key={key}>
                <span className="stat__label">{t(`ledger.counts.${key}`)}</span>
                <strong className="stat__value">{report.counts[key].toLocaleString()}</strong>
              </div>
            ))}
          </div>
          <div className="panel">
            <h2>{t('ledger.invariants')}</h2>
            <ul className="checks">
              {invariantResults(report).map(({ check, violations }) => (
                <li key={check} className="checks__item">
                  <Badge tone={violations === 0 ? 'ok' : 'bad'}>
                    {t(violations === 0 ? 'ledger.ok' : 'ledger.fail')}
                  </Badge>
                  <div>
                    <strong>{t(`ledger.check.${check}`, { defaultValue: check })}</strong>
                    {violations > 0 ? (
                      <div className="muted small">{t('ledger.violations', { count: violations })}</div>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </div>
          {report.violations.length > 0 ? (
            <div className="panel">
              <h2>{t('ledger.details')}</h2>
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th>{t('ledger.checkColumn')}</th>
                      <th>{t('ledger.detail')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.violations.map((violation, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: violations have no id and never reorder
                      <tr key={index}>
                        <td className="mono">{violation.check}</td>
                        <td className="mono wrap">{JSON.stringify(violation.detail)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
