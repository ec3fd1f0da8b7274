import type { BoLotteryGame } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { Alert, Badge, QueryState } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { useMoney } from '../../lib/operator';
import { useMerchantCurrency } from './currency';
import { GameDialog } from './GameDialog';

export const LOTTERY_GAMES_KEY = ['bo', 'lottery', 'games'] as const;

/** The merchant's fast-draw games: timing, limits and whether players see them; each opens an editor. */
export function LotteryGamesTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency();
  const queryClient = useQueryClient();
  const toggle = useAction();
  const [editing, setEditing] = useState<BoLotteryGame | null>(null);
  const games = useQuery({
    queryKey: LOTTERY_GAMES_KEY,
    queryFn: () => api.get<{ list: BoLotteryGame[] }>('/bo/lottery/games').then((v) => v.list),
  });
  const list = games.data ?? [];
  const name = (game: BoLotteryGame) => (i18n.language === 'en' ? game.nameEn : game.namePt);

  const setEnabled = (game: BoLotteryGame) =>
    toggle.run(async () => {
      await api.put(`/bo/lottery/games/${encodeURIComponent(game.gameCode)}`, { enabled: !game.enabled });
      await queryClient.invalidateQueries({ queryKey: LOTTERY_GAMES_KEY });
    });

  return (
    <>
      <p className="muted">{t('lottery.games.intro')}</p>
      <Alert tone="error">{toggle.error}</Alert>
      <QueryState
        query={games}
        isEmpty={Boolean(games.data) && list.length === 0}
        empty={t('lottery.games.none')}
      />
      {list.length > 0 && currency ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th className="num">{t('lottery.games.order')}</th>
              <th>{t('lottery.games.game')}</th>
              <th>{t('lottery.games.family')}</th>
              <th className="num">{t('lottery.games.interval')}</th>
              <th className="num">{t('lottery.games.close')}</th>
              <th className="num">{t('lottery.games.limits')}</th>
              <th className="num">{t('lottery.games.chase')}</th>
              <th>{t('lottery.games.state')}</th>
            </>
          }
        >
          {list.map((game) => {
            const overrides = Object.keys(game.playLimits).length;
            return (
              <tr key={game.gameCode}>
                <td data-label={t('lottery.games.order')} className="num">
                  <div>{game.sortOrder}</div>
                </td>
                <td data-label={t('lottery.games.game')}>
                  <div>
                    {name(game)}
                    <div className="muted small mono">{game.gameCode}</div>
                  </div>
                </td>
                <td data-label={t('lottery.games.family')}>{t(`lottery.families.${game.family}`)}</td>
                <td data-label={t('lottery.games.interval')} className="num">
                  <div>{t('lottery.games.minutes', { count: game.intervalMinutes })}</div>
                </td>
                <td data-label={t('lottery.games.close')} className="num">
                  <div>{t('lottery.games.seconds', { count: game.closeSeconds })}</div>
                </td>
                <td data-label={t('lottery.games.limits')} className="num">
                  <div className="nowrap">
                    {money(game.minUnitStakeMinor, currency)} – {money(game.maxTicketStakeMinor, currency)}
                    {overrides > 0 ? (
                      <div className="muted small">{t('lottery.games.overrides', { count: overrides })}</div>
                    ) : null}
                  </div>
                </td>
                <td data-label={t('lottery.games.chase')} className="num">
                  <div>{game.maxChaseDraws}</div>
                </td>
                <td data-label={t('lottery.games.state')}>
                  <div>
                    <Badge tone={game.enabled ? 'ok' : 'muted'}>
                      {t(game.enabled ? 'lottery.games.on' : 'lottery.games.off')}
                    </Badge>
                  </div>
                </td>
                <td className="row-actions">
                  <button type="button" className="button button--small" onClick={() => setEditing(game)}>
                    {t('action.edit')}
                  </button>
                  <button
                    type="button"
                    className={game.enabled ? 'button button--small button--danger' : 'button button--small'}
                    disabled={toggle.busy}
                    onClick={() => void setEnabled(game)}
                  >
                    {t(game.enabled ? 'action.disable' : 'action.enable')}
                  </button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      {editing && currency ? (
        <GameDialog
          game={editing}
          name={name(editing)}
          currency={currency}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
