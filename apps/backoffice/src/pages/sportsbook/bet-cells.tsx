import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/Status';
import { formatDateTime } from '../../lib/dates';

/**
 * The columns every operator list of sportsbook bets shares (Big bets, Owed take-backs): when the
 * bet was placed and by whom first, its status last; amounts in between are MoneyCells.
 */
export function BetHeadStart() {
  const { t } = useTranslation();
  return (
    <>
      <th>{t('sportsbook.bigBets.placed')}</th>
      <th>{t('sportsbook.bigBets.member')}</th>
    </>
  );
}

/** The bet's time with its number under it (and `detail` after the number), then the member. */
export function BetCellsStart({
  bet,
  detail,
}: {
  bet: { id: number; placedAt: string; account: string };
  detail?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <td data-label={t('sportsbook.bigBets.placed')} className="nowrap">
        <div>
          {formatDateTime(bet.placedAt)}
          <div className="muted small mono">
            #{bet.id}
            {detail}
          </div>
        </div>
      </td>
      <td data-label={t('sportsbook.bigBets.member')}>{bet.account}</td>
    </>
  );
}

/** An amount's cell, right-aligned on one line; `label` names it on a phone's card. */
export function MoneyCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} className="num nowrap">
      {children}
    </td>
  );
}

export function BetStatusCell({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <td data-label={t('sportsbook.events.status')}>
      <StatusBadge status={status} />
    </td>
  );
}
