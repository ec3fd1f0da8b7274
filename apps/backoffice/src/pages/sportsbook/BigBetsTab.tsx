import type { BoSportsBigBet, BoSportsLimits } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable } from '../../components/DataTable';
import { usePagedTab } from '../../components/paged-tab';
import { api } from '../../lib/api';
import { useMoney } from '../../lib/operator';
import type { Page } from '../../lib/paging';
import { oddsText } from '../../lib/sportsbook';
import { useMerchantCurrency } from '../lottery/currency';
import { BetCellsStart, BetHeadStart, BetStatusCell, MoneyCell } from './bet-cells';
import { useSportsLabels } from './labels';
import { LIMITS_KEY } from './LimitsTab';

/** Bets whose stake or potential return reaches a big-bet threshold (Limits tab), newest first. */
export function BigBetsTab() {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const labels = useSportsLabels();
  const limits = useQuery({
    queryKey: LIMITS_KEY,
    queryFn: () => api.get<BoSportsLimits>('/bo/sportsbook/limits'),
  });
  const bets = usePagedTab<Page<BoSportsBigBet>>(
    'bigBets',
    ['bo', 'sportsbook', 'big-bets'],
    '/bo/sportsbook/big-bets',
    { refetchInterval: 15_000 },
  );
  return (
    <>
      {limits.data ? (
        <p className="muted small">
          {t('sportsbook.bigBets.rule', {
            stake: money(limits.data.bigStakeMinor, currency),
            payout: money(limits.data.bigReturnMinor, currency),
          })}
        </p>
      ) : null}
      <PagedTable
        {...bets}
        empty={t('sportsbook.bigBets.empty')}
        className="table table--cards"
        head={
          <>
            <BetHeadStart />
            <th>{t('sportsbook.bigBets.selections')}</th>
            <th className="num">{t('sportsbook.bigBets.stake')}</th>
            <th className="num">{t('sportsbook.bigBets.potential')}</th>
            <th>{t('sportsbook.events.status')}</th>
          </>
        }
        row={(b) => (
          <tr key={b.id}>
            <BetCellsStart bet={b} />
            <td data-label={t('sportsbook.bigBets.selections')}>
              <div className="wrap small">
                <div className="muted">{t(`sportsbook.kind.${b.kind}`, { defaultValue: b.kind })}</div>
                {b.legs.map((l) => (
                  <div key={`${l.eventId}|${l.market}|${l.specifiers}`}>
                    <Link to={`/sportsbook/events/${encodeURIComponent(l.eventId)}`}>{l.event}</Link> ·{' '}
                    {labels.market(l.market, l.specifiers)} · {labels.outcome(l.outcome)} @{' '}
                    <span className="mono">{oddsText(l.odds)}</span>
                  </div>
                ))}
              </div>
            </td>
            <MoneyCell label={t('sportsbook.bigBets.stake')}>{money(b.stakeMinor, currency)}</MoneyCell>
            <MoneyCell label={t('sportsbook.bigBets.potential')}>
              {money(b.potentialReturnMinor, currency)}
            </MoneyCell>
            <BetStatusCell status={b.status} />
          </tr>
        )}
      />
    </>
  );
}
