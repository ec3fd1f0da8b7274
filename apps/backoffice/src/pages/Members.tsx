import type { memberLookupItem } from '@sorte/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { SearchField } from '../components/SearchField';
import { PagedTable } from '../components/DataTable';
import { StatusBadge } from '../components/Status';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { PAGE_SIZE, type Page } from '../lib/paging';

type MemberItem = z.infer<typeof memberLookupItem>;

/** Member search by account, mobile, e-mail or id. */
export function MembersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  const members = useQuery({
    queryKey: ['bo', 'members', q, pageNo],
    queryFn: () => api.get<Page<MemberItem>>('/bo/members', { q, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    setParams(next, { replace: true });
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('members.title')}</h1>
      </header>
      <form className="toolbar" onSubmit={submit}>
        <SearchField
          label={t('members.search')}
          placeholder={t('members.searchPlaceholder')}
          value={text}
          onChange={setText}
        />
      </form>
      <PagedTable
        query={members}
        empty={t('members.empty')}
        className="table table--cards"
        onPage={(page) => {
          const next = new URLSearchParams(params);
          next.set('page', String(page));
          setParams(next, { replace: true });
        }}
        head={
          <>
            <th>{t('members.account')}</th>
            <th>{t('members.realName')}</th>
            <th>{t('members.mobile')}</th>
            <th>{t('members.email')}</th>
            <th>{t('members.status')}</th>
            <th>{t('members.created')}</th>
            <th>{t('members.lastLogin')}</th>
          </>
        }
        row={(member) => (
          <tr key={member.id}>
            <td data-label={t('members.account')}>
              <div>
                <Link to={`/members/${encodeURIComponent(member.id)}`}>{member.account}</Link>
                {member.type !== 0 ? (
                  <span className="muted small">
                    {' '}
                    · {t(member.type === 4 ? 'members.trial' : 'members.agent')}
                  </span>
                ) : null}
              </div>
            </td>
            <td data-label={t('members.realName')}>{member.realName ?? '—'}</td>
            <td data-label={t('members.mobile')} className="nowrap">
              {member.mobile ?? '—'}
            </td>
            <td data-label={t('members.email')}>{member.email ?? '—'}</td>
            <td data-label={t('members.status')}>
              <StatusBadge status={member.status} />
            </td>
            <td data-label={t('members.created')} className="nowrap">
              {formatDateTime(member.createdAt)}
            </td>
            <td data-label={t('members.lastLogin')} className="nowrap">
              {formatDateTime(member.lastLoginAt) || '—'}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
