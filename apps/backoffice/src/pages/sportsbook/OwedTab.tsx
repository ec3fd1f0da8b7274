import type { BoSportsOwedBet } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/DataTable';
import { usePagedTab } from '../../components/paged-tab';
import { StatusBadge } from '../../components/Status';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/operator';
import type { Page } from '../../lib/paging';
import { useMerchantCurrency } from '../lottery/currency';

/**
 * Take-backs still owed: bets whose rollback or resettlement took back less than they had paid
 * because the player's balance was short. The rest is netted against the bet's next resettlement;
 * nothing here moves money.
 */
export function OwedTab() {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const owed = usePagedTab<Page<BoSportsOwedBet> & { owedTotalMinor: number }>(
    'owed',
    ['bo', 'sportsbook', 'owed'],
    '/bo/sportsbook/owed',
  );
  const data = owed.query.data;
  return (
    <>
      <p className="muted small">{t('sportsbook.owed.intro')}</p>
      {data ? (
        <p>
          {t('sportsbook.owed.total', {
            amount: money(data.owedTotalMinor, currency),
            n: data.total,
          })}
        </p>
      ) : null}
      <PagedTable
        {...owed}
        empty={t('sportsbook.owed.empty')}
        className="table table--cards"
        head={
          <>
            <th>{t('sportsbook.bigBets.placed')}</th>
            <th>{t('sportsbook.bigBets.member')}</th>
            <th className="num">{t('sportsbook.bigBets.stake')}</th>
            <th className="num">{t('sportsbook.owed.credited')}</th>
            <th className="num">{t('sportsbook.owed.return')}</th>
            <th className="num">{t('sportsbook.owed.owed')}</th>
            <th>{t('sportsbook.events.status')}</th>
          </>
        }
        row={(b) => (
          <tr key={b.id}>
            <td data-label={t('sportsbook.bigBets.placed')} className="nowrap">
              <div>
                {formatDateTime(b.placedAt)}
                <div className="muted small mono">
                  #{b.id} · {t(`sportsbook.kind.${b.kind}`, { defaultValue: b.kind })}
                </div>
              </div>
            </td>
            <td data-label={t('sportsbook.bigBets.member')}>{b.account}</td>
            <td data-label={t('sportsbook.bigBets.stake')} className="num nowrap">
              {money(b.stakeMinor, currency)}
            </td>
            <td data-label={t('sportsbook.owed.credited')} className="num nowrap">
              {money(b.creditedMinor, currency)}
            </td>
            <td data-label={t('sportsbook.owed.return')} className="num nowrap">
              {money(b.returnMinor, currency)}
            </td>
            <td data-label={t('sportsbook.owed.owed')} className="num nowrap">
              <strong>{money(b.owedMinor, currency)}</strong>
            </td>
            <td data-label={t('sportsbook.events.status')}>
              <StatusBadge status={b.status} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
