import { findProvince } from '@sorte/lottery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { useVnDraw, type VnTicketView } from './api';
import { ResultBoard } from './ResultBoard';
import { formatVnDay } from './time';
// The betting records show these facts outside the Vietnamese lottery's own page.
import './vnlottery.css';

/**
 * What a ticket says and, once its draw has a result, the board with its numbers marked: the
 * ticket detail of "my tickets" and the betting records' Vietnamese lottery recall. `children`
 * (the ticket's status, on the lottery's own page) sits between the two.
 */
export function VnTicketFacts({ ticket, children }: { ticket: VnTicketView; children?: ReactNode }) {
  const { t, i18n } = useTranslation('vnlottery');
  const { format } = useMoney();
  const draw = useVnDraw(ticket.drawId);
  return (
    <div className="vn-detail" data-testid="vn-ticket-detail" data-ticket={ticket.id}>
      <dl className="vn-facts">
        <Fact label={t('tickets.draw')}>
          {provinceName(ticket.province)} · {formatVnDay(ticket.drawDate, i18n.language)} ({ticket.drawDate})
        </Fact>
        <Fact label={t('tickets.betType')}>{t(`betTypes.${ticket.betType}.name`)}</Fact>
        <Fact label={t('tickets.numbers')}>{ticket.numbers.join(' · ')}</Fact>
        {ticket.points !== null ? (
          <Fact label={t('tickets.points')}>{ticket.points}</Fact>
        ) : (
          <Fact label={t('tickets.amount')}>{format(ticket.amount ?? 0)}</Fact>
        )}
        <Fact label={t('tickets.units')}>{ticket.units}</Fact>
        <Fact label={t('tickets.stake')}>{format(ticket.stakeMinor)}</Fact>
        <Fact label={t('tickets.payout')}>{format(ticket.payoutMinor)}</Fact>
        <Fact label={t('tickets.placedAt')}>{formatDateTime(ticket.createdAt, i18n.language)}</Fact>
        {ticket.settledAt ? (
          <Fact label={t('tickets.settledAt')}>{formatDateTime(ticket.settledAt, i18n.language)}</Fact>
        ) : null}
        <Fact label={t('tickets.hits')}>
          {ticket.hits?.some((hit) => hit.count > 0)
            ? ticket.hits
                .filter((hit) => hit.count > 0)
                .map((hit) => t('tickets.hitCount', { number: hit.number, count: hit.count }))
                .join(', ')
            : ticket.hits
              ? t('tickets.noHits')
              : '–'}
        </Fact>
      </dl>
      {children}
      {draw.data?.result ? <ResultBoard draw={draw.data} ticket={ticket} /> : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="vn-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The province's name as players know it (the ticket carries the code). */
export function provinceName(code: string): string {
  return findProvince(code)?.name ?? code;
}
