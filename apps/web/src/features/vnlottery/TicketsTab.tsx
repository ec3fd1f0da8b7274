import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/Modal';
import { useErrorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { useSession } from '../../lib/session';
import { useVnTicket, useVnTickets, type VnTicketView } from './api';
import { provinceName, VnTicketFacts } from './TicketFacts';
import { formatVnDay } from './time';

/** The player's tickets, newest first, each opening its detail with the draw's board. */
export function TicketsTab({ onLogin }: { onLogin: () => void }) {
  const { t, i18n } = useTranslation('vnlottery');
  const { format } = useMoney();
  const message = useErrorMessage();
  const isLogin = useSession((s) => s.isLogin);
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const tickets = useVnTickets(pageNo);

  if (!isLogin)
    return (
      <div className="vn-card vn-center">
        <p className="vn-muted">{t('tickets.loginToSee')}</p>
        <button type="button" className="btn btn--primary" onClick={onLogin}>
          {t('login')}
        </button>
      </div>
    );
  if (tickets.isPending) return <div className="vn-card vn-skeleton" aria-busy />;
  if (tickets.isError)
    return (
      <div className="vn-card">
        <p className="vn-error">{message(tickets.error)}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => tickets.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  const page = tickets.data;
  if (!page.list.length) return <p className="vn-card vn-muted">{t('tickets.empty')}</p>;

  return (
    <section className="vn-card vn-tickets" data-testid="vn-tickets">
      <ul className="vn-ticket-list">
        {page.list.map((ticket) => (
          <li key={ticket.id}>
            <button
              type="button"
              className="vn-ticket"
              data-testid="vn-ticket"
              data-status={ticket.status}
              onClick={() => setOpen(ticket.id)}
            >
              <span className="vn-ticket__main">
                <strong>{t(`betTypes.${ticket.betType}.name`)}</strong>
                <span className="vn-muted">
                  {provinceName(ticket.province)} · {formatVnDay(ticket.drawDate, i18n.language)}
                </span>
                <span className="vn-ticket__numbers">{ticket.numbers.join(' · ')}</span>
              </span>
              <span className="vn-ticket__time vn-muted">
                {formatDateTime(ticket.createdAt, i18n.language)}
              </span>
              <span className="vn-ticket__side">
                <StatusBadge status={ticket.status} />
                <span>{format(ticket.stakeMinor)}</span>
                {ticket.status === 'won' ? (
                  <strong className="vn-win">+{format(ticket.payoutMinor)}</strong>
                ) : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {page.totalPages > 1 ? (
        <nav className="vn-pager">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={pageNo <= 1}
            onClick={() => setPageNo((n) => n - 1)}
          >
            {t('tickets.previous')}
          </button>
          <span className="vn-muted">{t('tickets.page', { page: page.pageNo, pages: page.totalPages })}</span>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={pageNo >= page.totalPages}
            onClick={() => setPageNo((n) => n + 1)}
          >
            {t('tickets.next')}
          </button>
        </nav>
      ) : null}
      {open ? (
        <TicketDetail
          id={open}
          initial={page.list.find((ticket) => ticket.id === open)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

function StatusBadge({ status }: { status: VnTicketView['status'] }) {
  const { t } = useTranslation('vnlottery');
  return (
    <span className={`vn-status vn-status--${status}`} data-testid="vn-ticket-status">
      {t(`tickets.status.${status}`)}
    </span>
  );
}

function TicketDetail({
  id,
  initial,
  onClose,
}: {
  id: string;
  initial: VnTicketView | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('vnlottery');
  const message = useErrorMessage();
  const query = useVnTicket(id);
  const ticket = query.data ?? initial;
  return (
    <Modal name="vn-ticket" title={t('tickets.detail', { id })} onClose={onClose} size="lg">
      {query.isError && !ticket ? <p className="vn-error">{message(query.error)}</p> : null}
      {ticket ? (
        <VnTicketFacts ticket={ticket}>
          <p className="vn-detail__status">
            <StatusBadge status={ticket.status} />
            {ticket.status === 'pending' ? <span className="vn-muted">{t('tickets.waiting')}</span> : null}
            {ticket.status === 'cancelled' ? <span className="vn-muted">{t('tickets.refunded')}</span> : null}
          </p>
        </VnTicketFacts>
      ) : (
        <div className="vn-skeleton" aria-busy />
      )}
    </Modal>
  );
}
