import type { LotteryFamily, LotteryTicket, LotteryTicketStatus } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginGate } from '../../../lib/login-gate';
import { walletKeys } from '../../../lib/balance';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useLotteryTickets } from '../api';
import { SelectionText } from './SelectionText';
import { TicketDetail } from './TicketDetail';

const STATUSES: (LotteryTicketStatus | 'all')[] = ['all', 'pending', 'won', 'lost', 'cancelled'];

export function TicketStatusTag({ status }: { status: LotteryTicketStatus }) {
  const { t } = useTranslation('lottery');
  return (
    <span className={`lt-status lt-status--${status}`} data-testid="ticket-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The player's tickets (of one game, or all), newest first, with a status filter. Polled while any
 * shown is pending; when one settles the header balance is read again and a win is announced.
 */
export function MyTickets({ gameCode, family }: { gameCode?: string; family?: LotteryFamily }) {
  const { t } = useTranslation('lottery');
  const money = useMoney();
  const queryClient = useQueryClient();
  const { isLogin, requireLogin } = useLoginGate();
  const [status, setStatus] = useState<LotteryTicketStatus | 'all'>('all');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const tickets = useLotteryTickets({ pageNo, gameCode, status: status === 'all' ? undefined : status });
  const list = tickets.data?.list ?? [];

  // Pending → settled between two reads: the balance moved (a win paid, a chase refunded).
  const seen = useRef(new Map<string, LotteryTicketStatus>());
  useEffect(() => {
    let settled = false;
    for (const ticket of list) {
      const before = seen.current.get(ticket.id);
      if (before === 'pending' && ticket.status !== 'pending') {
        settled = true;
        if (ticket.status === 'won')
          toast(
            t('tickets.wonToast', { drawNo: ticket.drawNo, amount: money.format(ticket.payoutMinor) }),
            'success',
          );
      }
      seen.current.set(ticket.id, ticket.status);
    }
    if (settled) void queryClient.invalidateQueries({ queryKey: walletKeys.balances });
  }, [list, queryClient, t, money]);

  if (!isLogin)
    return (
      <div className="lt-empty">
        <p className="muted">{t('tickets.loginFirst')}</p>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => requireLogin()}>
          {t('tickets.login')}
        </button>
      </div>
    );
  return (
    <div className="lt-tickets" data-testid="my-tickets">
      <div className="lt-plays" role="toolbar" aria-label={t('tickets.filter')}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            className={`chip${status === s ? ' chip--active' : ''}`}
            onClick={() => {
              setStatus(s);
              setPageNo(1);
            }}
            data-status-filter={s}
          >
            {s === 'all' ? t('tickets.all') : t(`status.${s}`)}
          </button>
        ))}
      </div>
      {tickets.isLoading ? (
        <div className="lt-loading" role="status" aria-busy="true" aria-label={t('loading')} />
      ) : list.length === 0 ? (
        <p className="muted lt-empty">{t('tickets.empty')}</p>
      ) : (
        <ul className="lt-ticket-list">
          {list.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} family={family} onOpen={() => setOpen(ticket.id)} />
          ))}
        </ul>
      )}
      {(tickets.data?.totalPages ?? 1) > 1 ? (
        <nav className="lt-pager" aria-label={t('tickets.pages')}>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={pageNo <= 1}
            onClick={() => setPageNo((p) => p - 1)}
          >
            ‹ {t('tickets.prev')}
          </button>
          <span className="muted">
            {pageNo} / {tickets.data?.totalPages}
          </span>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={pageNo >= (tickets.data?.totalPages ?? 1)}
            onClick={() => setPageNo((p) => p + 1)}
          >
            {t('tickets.next')} ›
          </button>
        </nav>
      ) : null}
      {open ? <TicketDetail id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function TicketRow({
  ticket,
  family,
  onOpen,
}: {
  ticket: LotteryTicket;
  family?: LotteryFamily;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('lottery');
  const money = useMoney();
  return (
    <li>
      <button
        type="button"
        className="lt-ticket"
        onClick={onOpen}
        data-testid="ticket-row"
        data-ticket={ticket.id}
        data-draw={ticket.drawNo}
      >
        <span className="lt-ticket__main">
          <strong>
            {t(`plays.${ticket.playType}`, { defaultValue: ticket.playType })} · {ticket.drawNo}
          </strong>
          {family ? (
            <SelectionText family={family} playType={ticket.playType} selection={ticket.selection} />
          ) : null}
          <span className="muted lt-sub">{formatDateTime(ticket.createdAt, i18n.language)}</span>
        </span>
        <span className="lt-ticket__end">
          <span>{money.format(ticket.stakeMinor)}</span>
          <TicketStatusTag status={ticket.status} />
          {ticket.status === 'won' ? (
            <strong className="lt-win" data-testid="ticket-payout">
              +{money.format(ticket.payoutMinor)}
            </strong>
          ) : null}
        </span>
      </button>
    </li>
  );
}
