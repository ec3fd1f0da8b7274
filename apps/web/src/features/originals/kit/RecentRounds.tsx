import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../../lib/money';
import type { OriginalRound } from './api';
import { useRecentRounds } from './recent';
import { formatMultiplier, verifyRoundHref } from './verify-link';

export interface RecentRoundsProps {
  game: string;
  /** The game's short view of an outcome (e.g. dice: "63.21 > 50.00"). */
  describe?: (round: OriginalRound) => ReactNode;
}

/** This session's rounds of the game, newest first, each with a link to verify it. */
export function RecentRounds({ game, describe }: RecentRoundsProps) {
  const { t } = useTranslation('originals');
  const { format } = useMoney();
  const rounds = useRecentRounds(game);
  return (
    <section className="og-panel og-recent" data-testid="recent-rounds">
      <h2 className="og-panel__title">{t('kit.recent')}</h2>
      {rounds.length === 0 ? (
        <p className="og-muted">{t('kit.noRounds')}</p>
      ) : (
        <table className="og-table">
          <thead>
            <tr>
              <th>{t('kit.result')}</th>
              <th>{t('kit.amount')}</th>
              <th>{t('kit.multiplier')}</th>
              <th>{t('kit.payout')}</th>
              <th>
                <span className="og-sr">{t('kit.verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => {
              // Green when the round returned more than its stake; the sign comes from the profit
              // itself, so a partial return (payout under the stake) reads "-0,10", not "+-0,10".
              const profit = round.payoutMinor - round.stakeMinor;
              const win = profit > 0;
              return (
                <tr key={round.id} data-testid="recent-round" data-round={round.id}>
                  <td>{describe ? describe(round) : `#${round.nonce}`}</td>
                  <td>{format(round.stakeMinor, false)}</td>
                  <td className={win ? 'og-win' : 'og-loss'}>{formatMultiplier(round.multiplier)}</td>
                  <td className={win ? 'og-win' : 'og-loss'}>
                    {win ? '+' : ''}
                    {format(profit, false)}
                  </td>
                  <td>
                    <Link className="og-link" to={verifyRoundHref(round.id)} data-testid="verify-round">
                      {t('kit.verify')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
