import type { Announcement } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { apiGet, apiPost } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { sanitizeHtml } from './sanitize';
import './announcements.css';

/** How many current announcements the home's ticker runs through. */
export const TICKER_SIZE = 10;
const SEEN_KEY = 'announcements.seen';

export const announcementKeys = {
  ticker: (language: string) => ['announcements', 'ticker', language] as const,
  popups: (language: string, token: string | null) => ['announcements', 'popups', language, token] as const,
};

/** The popups this browser has shown (id → version); a newer version shows again. */
export function readSeen(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Record<string, number> {
  try {
    const value = JSON.parse(storage?.getItem(SEEN_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The popups still to show: those this browser has not shown at their current version. */
export function unseen(list: readonly Announcement[], seen: Record<string, number>): Announcement[] {
  return list.filter((a) => {
    const version = seen[a.id];
    return !(typeof version === 'number' && version >= a.version);
  });
}

function rememberSeen(a: Announcement, current: readonly Announcement[]) {
  try {
    // Only the popups still in effect are kept, so the record never grows past them.
    const seen = readSeen();
    const kept = Object.fromEntries(current.filter((c) => c.id in seen).map((c) => [c.id, seen[c.id]]));
    localStorage.setItem(SEEN_KEY, JSON.stringify({ ...kept, [a.id]: a.version }));
  } catch {
    // Private mode without storage: the popup may show again, which is harmless.
  }
}

/**
 * One announcement's text in a dialog: a popup, or the ticker's item the player opened. A popup is
 * undated: it is news by being shown, and the first date format of a page loads the browser's
 * locale data (≈ 30 ms, a long task on a phone) in the middle of a first visit.
 */
function AnnouncementDialog({
  announcement,
  name,
  dated,
  onClose,
}: {
  announcement: Announcement;
  name: string;
  dated: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('notices');
  const html = useMemo(() => sanitizeHtml(announcement.content), [announcement.content]);
  const date = new Date(announcement.date);
  return (
    <Modal
      name={name}
      title={announcement.title}
      onClose={onClose}
      size="sm"
      footer={
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          {t('gotIt')}
        </button>
      }
    >
      {dated ? (
        <time className="an-date" dateTime={date.toISOString()}>
          {formatDateTime(date, i18n.language)}
        </time>
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: content passed through sanitizeHtml */}
      <div className="an-body" dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  );
}

/**
 * The popup (PU) announcements: each opens once — per player when signed in (the server remembers,
 * per version), per browser otherwise — one after the other. The shell mounts it only on browsing
 * pages with no other modal open, so it never covers a game or a dialog the player opened.
 */
export function AnnouncementPopup() {
  const { i18n } = useTranslation();
  const token = useSession((s) => s.token);
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const query = useQuery({
    queryKey: announcementKeys.popups(i18n.language, token),
    queryFn: ({ signal }) =>
      apiGet<{ list: Announcement[] }>('/wps/announcements/popups', {
        query: { language: i18n.language },
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  // The queue is fixed when the answer arrives: remembering one popup must not skip the next. A
  // member's list is already filtered by the server; a visitor's by what this browser has shown.
  const [queue, setQueue] = useState<Announcement[]>([]);
  useEffect(() => {
    if (query.data) setQueue(token ? query.data.list : unseen(query.data.list, readSeen()));
  }, [query.data, token]);
  const list = query.data?.list ?? [];
  const current = queue.find((a) => !closed.has(a.id));

  // Shown is seen: a reload does not bring it back, a change by the operator does.
  useEffect(() => {
    if (!current) return;
    rememberSeen(current, list);
    if (token)
      void apiPost(`/wps/announcements/${encodeURIComponent(current.id)}/seen`, {
        version: current.version,
      }).catch(() => {});
  }, [current, list, token]);

  if (!current) return null;
  return (
    <AnnouncementDialog
      announcement={current}
      name="announcementPopup"
      dated={false}
      onClose={() => setClosed((s) => new Set(s).add(current.id))}
    />
  );
}

/**
 * The home's ticker: the announcements in effect, in the reader's language, running across a strip.
 * It pauses while hovered or focused, stands still (scrollable) for prefers-reduced-motion, and each
 * title opens its text.
 */
export function AnnouncementTicker() {
  const { t, i18n } = useTranslation('notices');
  const [open, setOpen] = useState<Announcement | null>(null);
  const query = useQuery({
    queryKey: announcementKeys.ticker(i18n.language),
    queryFn: ({ signal }) =>
      apiGet<{ list: Announcement[] }>('/wps/announcements', {
        query: { pageNo: 1, pageSize: TICKER_SIZE, language: i18n.language },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
  const list = query.data?.list ?? [];
  if (list.length === 0) return null;
  // Two copies make the loop seamless; the second is for the eye only.
  const items = (copy: boolean) =>
    list.map((a) => (
      <li key={`${copy ? 'b' : 'a'}-${a.id}`}>
        <button
          type="button"
          className="an-ticker__item"
          tabIndex={copy ? -1 : undefined}
          onClick={() => setOpen(a)}
        >
          {a.title}
        </button>
      </li>
    ));
  // About 9 s per item keeps the words readable whatever their number.
  const duration = `${Math.max(20, list.length * 9)}s`;
  return (
    <section className="an-ticker" aria-label={t('tickerLabel')}>
      <span className="an-ticker__icon" aria-hidden="true">
        <Icon name="megaphone" size={18} />
      </span>
      <div className="an-ticker__viewport">
        <div className="an-ticker__track" style={{ animationDuration: duration }}>
          <ul>{items(false)}</ul>
          <ul aria-hidden="true">{items(true)}</ul>
        </div>
      </div>
      {open ? (
        <AnnouncementDialog announcement={open} name="announcement" dated onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
