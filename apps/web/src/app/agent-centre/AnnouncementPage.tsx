import type { AgentNotice } from '@sorte/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/ui/Pager';
import { QueryState } from '../../components/ui/QueryState';
import { sanitizeHtml } from '../../features/notices';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import {
  useAgentAnnouncements,
  useAgentNotices,
  useMarkAnnouncementRead,
  useMarkNoticesRead,
} from './notices-api';
import './agent-notices.css';

/**
 * agentAnnouncement (first in the menu, spec §2): the merchant's announcements for agents (opening
 * one marks it read at its version) and the contract notices — every step of a contract told by the
 * other side, the payouts paid — with the requests still waiting for this agent's answer.
 */
export function AnnouncementPage() {
  return (
    <div className="ag-page">
      <ContractNotices />
      <Announcements />
    </div>
  );
}

function Announcements() {
  const { t, i18n } = useTranslation('agentnotices');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useAgentAnnouncements(pageNo);
  const markRead = useMarkAnnouncementRead();
  const data = list.data;
  return (
    <section className="ag-card" aria-labelledby="an-agent-title">
      <h4 id="an-agent-title" className="ag-card__title">
        {t('announcements.title')}
      </h4>
      <QueryState isLoading={list.isLoading} error={list.error} onRetry={() => void list.refetch()}>
        {data && data.list.length === 0 ? <p className="muted ag-empty">{t('announcements.none')}</p> : null}
        <ul className="agn-list">
          {data?.list.map((a) => {
            const expanded = open === a.id;
            return (
              <li key={a.id} className={`agn-item${a.read ? '' : ' is-unread'}`}>
                <button
                  type="button"
                  className="agn-item__head"
                  aria-expanded={expanded}
                  onClick={() => {
                    setOpen(expanded ? null : a.id);
                    if (!expanded && !a.read) markRead.mutate({ id: a.id, version: a.version });
                  }}
                >
                  <span className="agn-item__title">
                    {a.read ? null : <span className="agn-dot">{t('new')}</span>}
                    {a.title}
                  </span>
                  <time className="muted agn-time" dateTime={new Date(a.date).toISOString()}>
                    {formatDateTime(new Date(a.date), i18n.language)}
                  </time>
                </button>
                {expanded ? <AnnouncementBody html={a.content} /> : null}
              </li>
            );
          })}
        </ul>
        {data && data.totalPages > 1 ? (
          <Pager pageNo={data.pageNo} totalPages={data.totalPages} onPage={setPageNo} />
        ) : null}
      </QueryState>
    </section>
  );
}

function AnnouncementBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: content passed through sanitizeHtml
  return <div className="agn-item__body an-body" dangerouslySetInnerHTML={{ __html: clean }} />;
}

function ContractNotices() {
  const { t, i18n } = useTranslation('agentnotices');
  const notices = useAgentNotices();
  const markRead = useMarkNoticesRead();
  const data = notices.data;
  const newest = data?.list[0];
  return (
    <section className="ag-card" aria-labelledby="an-notices-title">
      <div className="agn-head">
        <h4 id="an-notices-title" className="ag-card__title">
          {t('notices.title')}
          {data && data.unread > 0 ? (
            <span className="agn-badge">
              <span aria-hidden="true">{data.unread}</span>
              <span className="sr-only">{t('notices.unread', { count: data.unread })}</span>
            </span>
          ) : null}
        </h4>
        {newest && data.unread > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ until: newest.at })}
          >
            {t('notices.markRead')}
          </button>
        ) : null}
      </div>
      <QueryState isLoading={notices.isLoading} error={notices.error} onRetry={() => void notices.refetch()}>
        {data && data.pendingRequests > 0 ? (
          <p className="agn-pending" role="status">
            {t('notices.pending', { count: data.pendingRequests })}
          </p>
        ) : null}
        {data && data.list.length === 0 ? <p className="muted ag-empty">{t('notices.none')}</p> : null}
        <ul className="agn-list">
          {data?.list.map((n) => (
            <li key={n.id} className={`agn-item agn-notice${n.read ? '' : ' is-unread'}`}>
              <NoticeText notice={n} />
              <time className="muted agn-time" dateTime={n.at}>
                {formatDateTime(n.at, i18n.language)}
              </time>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function NoticeText({ notice }: { notice: AgentNotice }) {
  const { t } = useTranslation('agentnotices');
  const money = useMoney();
  const who = notice.account ?? t('notices.merchant');
  const contract = t(`types.${notice.contractType}`);
  const amount = notice.amountMinor === null ? '' : money.format(notice.amountMinor);
  return (
    <span className="agn-notice__text">
      {notice.read ? null : <span className="agn-dot">{t('new')}</span>}
      {t(`kinds.${notice.kind}`, { who, contract, amount })}
    </span>
  );
}
