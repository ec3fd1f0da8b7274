import type { BoSportsOwedBet } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/DataTable';
import { usePagedTab } from '../../components/paged-tab';
import { useMoney } from '../../lib/operator';
import type { Page } from '../../lib/paging';
import { useMerchantCurrency } from '../lottery/currency';
import { BetCellsStart, BetHeadStart, BetStatusCell, MoneyCell } from './bet-cells';

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
            <BetHeadStart />
            <th className="num">{t('sportsbook.bigBets.stake')}</th>
            <th className="num">{t('sportsbook.owed.credited')}</th>
            <th className="num">{t('sportsbook.owed.return')}</th>
            <th className="num">{t('sportsbook.owed.owed')}</th>
            <th>{t('sportsbook.events.status')}</th>
          </>
        }
        row={(b) => (
          <tr key={b.id}>
            <BetCellsStart
              bet={b}
              detail={` · ${t(`sportsbook.kind.${b.kind}`, { defaultValue: b.kind })}`}
            />
            <MoneyCell label={t('sportsbook.bigBets.stake')}>{money(b.stakeMinor, currency)}</MoneyCell>
            <MoneyCell label={t('sportsbook.owed.credited')}>{money(b.creditedMinor, currency)}</MoneyCell>
            <MoneyCell label={t('sportsbook.owed.return')}>{money(b.returnMinor, currency)}</MoneyCell>
            <MoneyCell label={t('sportsbook.owed.owed')}>
              <strong>{money(b.owedMinor, currency)}</strong>
            </MoneyCell>
            <BetStatusCell status={b.status} />
          </tr>
        )}
      />
    </>
  );
}
