import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { apiGet } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { type PageItem, pageItems } from './pagination';
import { sanitizeHtml } from './sanitize';
import './notices.css';

/** Notice page size of spec §9. */
export const NOTICE_PAGE_SIZE = 9;

export interface Notice {
  id?: string;
  title: string;
  /** HTML from the operator; sanitised before display. */
  content: string;
  date: string | number;
}
interface NoticePage {
  list: Notice[];
  pageNo: number;
  totalPages: number;
}

function isoDate(value: string | number): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export const noticeKeys = {
  page: (pageNo: number, language: string) => ['notices', 'page', pageNo, language] as const,
};

/** noticeModal: announcements 9 per page, list on the left, the selected one on the right. */
export function NoticeModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('notices');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState(0);
  const contentRef = useRef<HTMLElement>(null);
  const query = useQuery({
    queryKey: noticeKeys.page(pageNo, i18n.language),
    queryFn: ({ signal }) =>
      apiGet<NoticePage>('/wps/announcements', { query: { pageNo, pageSize: NOTICE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const list = query.data?.list ?? [];
  const current = list[selected] ?? list[0];
  const html = useMemo(() => (current ? sanitizeHtml(current.content) : ''), [current]);
  const totalPages = query.data?.totalPages ?? 0;

  const goTo = (page: number) => {
    setPageNo(page);
    setSelected(0);
  };

  return (
    <Modal name="noticeModal" title={t('title')} onClose={onClose} size="lg">
      {query.isPending ? (
        <div className="nt-skeleton" role="status" aria-busy="true">
          <span className="nt-sr">{t('loading')}</span>
        </div>
      ) : query.isError ? (
        <div className="nt-empty" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="nt-btn" onClick={() => query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="nt-empty">
          <Icon name="megaphone" size={36} />
          <p>{t('empty')}</p>
        </div>
      ) : (
        <div className="nt-layout">
          <div className="nt-list">
            <ul aria-label={t('listLabel')}>
              {list.map((notice, index) => (
                <li key={notice.id ?? `${pageNo}-${index}`}>
                  <button
                    type="button"
                    className={`nt-item${notice === current ? ' nt-item--on' : ''}`}
                    aria-current={notice === current ? 'true' : undefined}
                    onClick={() => {
                      setSelected(index);
                      // On phones the content sits under the list: bring it into view.
                      contentRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
                    }}
                  >
                    <span className="nt-item__title">{notice.title}</span>
                    <time className="nt-item__date" dateTime={isoDate(notice.date)}>
                      {formatDateTime(notice.date, i18n.language)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
            {totalPages > 1 ? <Pager page={pageNo} total={totalPages} onChange={goTo} /> : null}
          </div>
          {current ? (
            <article ref={contentRef} className="nt-content" aria-live="polite">
              <h3 className="nt-content__title">{current.title}</h3>
              <time className="nt-content__date">{formatDateTime(current.date, i18n.language)}</time>
              {/* Sanitised above: only the allow-listed tags and safe links remain. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: content passed through sanitizeHtml */}
              <div className="nt-content__body" dangerouslySetInnerHTML={{ __html: html }} />
            </article>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

function Pager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('notices');
  const items: PageItem[] = pageItems(page, total);
  return (
    <nav className="nt-pager" aria-label={t('pagination')}>
      <button
        type="button"
        className="nt-page"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('previous')}
      >
        <Icon name="chevronLeft" size={16} />
      </button>
      {items.map((item, index) =>
        item === 'break' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: breaks have no identity of their own
          <span key={`break-${index}`} className="nt-break" aria-hidden="true" />
        ) : (
          <button
            key={item}
            type="button"
            className={`nt-page${item === page ? ' nt-page--on' : ''}`}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('page', { page: item })}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="nt-page"
        disabled={page >= total}
        onClick={() => onChange(page + 1)}
        aria-label={t('next')}
      >
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
