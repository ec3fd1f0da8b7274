import type { auditEntry } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PagedTable } from '../components/DataTable';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { PAGE_SIZE, type Page } from '../lib/paging';

type Entry = z.infer<typeof auditEntry>;

function pretty(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

/** Every operator action, newest first, filterable by action and operator. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ action: '', operator: '' });
  const [draft, setDraft] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const audit = useQuery({
    queryKey: ['bo', 'audit', filter, pageNo],
    queryFn: () => api.get<Page<Entry>>('/bo/audit', { ...filter, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFilter({ action: draft.action.trim(), operator: draft.operator.trim() });
    setPageNo(1);
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('audit.title')}</h1>
      </header>
      <form className="toolbar" onSubmit={submit}>
        <label className="field field--inline">
          <span>{t('audit.action')}</span>
          <input
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            placeholder={t('audit.actionPlaceholder')}
            maxLength={64}
          />
        </label>
        <label className="field field--inline">
          <span>{t('audit.operator')}</span>
          <input
            value={draft.operator}
            onChange={(event) => setDraft({ ...draft, operator: event.target.value })}
            maxLength={64}
          />
        </label>
        <button type="submit" className="button">
          {t('action.filter')}
        </button>
      </form>
      <PagedTable
        query={audit}
        empty={t('audit.empty')}
        onPage={setPageNo}
        head={
          <>
            <th>{t('audit.at')}</th>
            <th>{t('audit.operator')}</th>
            <th>{t('audit.action')}</th>
            <th>{t('audit.target')}</th>
            <th>{t('audit.reason')}</th>
            <th>{t('audit.ip')}</th>
            <th>{t('audit.change')}</th>
          </>
        }
        row={(entry) => (
          <tr key={entry.id}>
            <td className="nowrap">{formatDateTime(entry.at)}</td>
            <td>{entry.operator}</td>
            <td className="mono">{entry.action}</td>
            <td>
              {entry.targetType}
              {entry.targetId ? <div className="muted small mono">{entry.targetId}</div> : null}
            </td>
            <td className="wrap">{entry.reason ?? '—'}</td>
            <td className="mono">{entry.ip ?? '—'}</td>
            <td>
              {entry.before != null || entry.after != null ? (
                <details className="change">
                  <summary>{t('audit.show')}</summary>
                  <div className="change__body">
                    <div>
                      <strong>{t('audit.before')}</strong>
                      <pre>{pretty(entry.before)}</pre>
                    </div>
                    <div>
                      <strong>{t('audit.after')}</strong>
                      <pre>{pretty(entry.after)}</pre>
                    </div>
                  </div>
                </details>
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
