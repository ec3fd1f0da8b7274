import type { BoGame, BoGameVendor } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { Alert, Badge, QueryState } from '../components/Status';
import { api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';
import { useMoney } from '../lib/operator';
import type { Page } from '../lib/paging';
import { reorder } from '../lib/reorder';

const VENDORS_KEY = ['bo', 'games', 'vendors'] as const;
const GAMES_KEY = ['bo', 'games', 'list'] as const;
const GAMES_PAGE_SIZE = 50;

/**
 * The merchant's game catalog: which vendors it offers (a vendor is off until switched on) and,
 * per vendor, which games, in which order. The site's menus and lobbies follow at once.
 */
export function GamesPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [vendor, setVendor] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const vendors = useQuery({
    queryKey: VENDORS_KEY,
    queryFn: () => api.get<{ list: BoGameVendor[] }>('/bo/games/vendors').then((v) => v.list),
  });
  const games = useQuery({
    queryKey: [...GAMES_KEY, vendor, pageNo],
    queryFn: () =>
      api.get<Page<BoGame>>('/bo/games/list', {
        vendor: vendor || undefined,
        pageNo,
        pageSize: GAMES_PAGE_SIZE,
      }),
  });
  const vendorList = vendors.data ?? [];
  const gameList = games.data?.list ?? [];

  /** Runs PATCHes one after another, then reloads both lists; the first refusal is shown. */
  async function change(key: string, patches: { path: string; body: unknown }[]) {
    setBusy(key);
    setError(null);
    try {
      for (const patch of patches) await api.patch(patch.path, patch.body);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['bo', 'games'] });
      setBusy(null);
    }
  }

  const vendorPath = (code: string) => `/bo/games/vendors/${encodeURIComponent(code)}`;
  const moveVendor = (index: number, delta: -1 | 1) =>
    change(
      `vendor-move-${index}`,
      reorder(vendorList, index, delta).map(({ item, sortOrder }) => ({
        path: vendorPath(item.vendor),
        body: { sortOrder },
      })),
    );
  // Games move within their vendor: the order the lobby shows inside a hall.
  const moveGame = (index: number, delta: -1 | 1) => {
    const game = gameList[index] as BoGame;
    const peers = gameList.filter((g) => g.vendor === game.vendor);
    const at = peers.indexOf(game);
    return change(
      `game-move-${game.gameId}`,
      reorder(peers, at, delta).map(({ item, sortOrder }) => ({
        path: `/bo/games/${item.gameId}`,
        body: { sortOrder },
      })),
    );
  };

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('games.title')}</h1>
      </header>
      <p className="muted">{t('games.intro')}</p>
      <Alert tone="error">{error}</Alert>

      <h2>{t('games.vendors')}</h2>
      <QueryState
        query={vendors}
        isEmpty={Boolean(vendors.data) && vendorList.length === 0}
        empty={t('games.noVendors')}
      />
      {vendorList.length > 0 ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th className="num">{t('games.order')}</th>
              <th>{t('games.vendor')}</th>
              <th>{t('games.category')}</th>
              <th>{t('games.launch')}</th>
              <th className="num">{t('games.count')}</th>
              <th>{t('games.state')}</th>
            </>
          }
        >
          {vendorList.map((v, index) => (
            <tr key={v.vendor}>
              <td data-label={t('games.order')} className="num">
                {v.sortOrder}
              </td>
              <td data-label={t('games.vendor')}>
                <span className="inline-media">
                  <img src={v.iconUrl} alt="" width={28} height={28} />
                  <span>
                    {v.name}
                    <div className="muted small">{v.vendor}</div>
                  </span>
                </span>
              </td>
              <td data-label={t('games.category')}>{v.category}</td>
              <td data-label={t('games.launch')}>
                {t(`games.launchKinds.${v.launchKind}`)}
                {v.freePlay ? <div className="muted small">{t('games.freePlay')}</div> : null}
                {v.popupList ? <div className="muted small">{t('games.popupList')}</div> : null}
              </td>
              <td data-label={t('games.count')} className="num">
                {v.gameCount}
              </td>
              <td data-label={t('games.state')}>
                <Badge tone={v.enabled ? 'ok' : 'muted'}>{t(v.enabled ? 'games.on' : 'games.off')}</Badge>
              </td>
              <td className="row-actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('games.moveUp', { name: v.name })}
                  disabled={index === 0 || busy !== null}
                  onClick={() => void moveVendor(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('games.moveDown', { name: v.name })}
                  disabled={index === vendorList.length - 1 || busy !== null}
                  onClick={() => void moveVendor(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={v.enabled ? 'button button--small button--danger' : 'button button--small'}
                  disabled={busy !== null}
                  onClick={() =>
                    void change(`vendor-${v.vendor}`, [
                      { path: vendorPath(v.vendor), body: { enabled: !v.enabled } },
                    ])
                  }
                >
                  {t(v.enabled ? 'action.disable' : 'action.enable')}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}

      <div className="page__head">
        <h2>{t('games.games')}</h2>
        <label className="field field--inline">
          <span>{t('games.filterVendor')}</span>
          <select
            value={vendor}
            onChange={(e) => {
              setVendor(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('games.allVendors')}</option>
            {vendorList.map((v) => (
              <option key={v.vendor} value={v.vendor}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={games}
        isEmpty={Boolean(games.data) && gameList.length === 0}
        empty={t('games.noGames')}
      />
      {gameList.length > 0 ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th className="num">{t('games.order')}</th>
              <th>{t('games.game')}</th>
              <th>{t('games.vendor')}</th>
              <th>{t('games.category')}</th>
              <th className="num">{t('games.minBet')}</th>
              <th>{t('games.state')}</th>
            </>
          }
        >
          {gameList.map((g, index) => {
            const peers = gameList.filter((p) => p.vendor === g.vendor);
            const at = peers.indexOf(g);
            return (
              <tr key={g.gameId}>
                <td data-label={t('games.order')} className="num">
                  {g.sortOrder}
                </td>
                <td data-label={t('games.game')}>
                  <span className="inline-media">
                    <img src={g.smallIcon} alt="" width={30} height={40} />
                    <span>
                      {g.gameName}
                      {g.isHot ? <Badge tone="warn">{t('games.hot')}</Badge> : null}
                      <div className="muted small">{g.code}</div>
                    </span>
                  </span>
                </td>
                <td data-label={t('games.vendor')}>{g.vendorName}</td>
                <td data-label={t('games.category')}>{g.gameType}</td>
                <td data-label={t('games.minBet')} className="num">
                  {g.minBetMinor === null ? '—' : money(g.minBetMinor, g.currency)}
                </td>
                <td data-label={t('games.state')}>
                  <Badge tone={g.enabled ? 'ok' : 'muted'}>{t(g.enabled ? 'games.on' : 'games.off')}</Badge>
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('games.moveUp', { name: g.gameName })}
                    disabled={at === 0 || busy !== null}
                    onClick={() => void moveGame(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('games.moveDown', { name: g.gameName })}
                    disabled={at === peers.length - 1 || busy !== null}
                    onClick={() => void moveGame(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={g.enabled ? 'button button--small button--danger' : 'button button--small'}
                    disabled={busy !== null}
                    onClick={() =>
                      void change(`game-${g.gameId}`, [
                        { path: `/bo/games/${g.gameId}`, body: { enabled: !g.enabled } },
                      ])
                    }
                  >
                    {t(g.enabled ? 'action.disable' : 'action.enable')}
                  </button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      {games.data && games.data.totalPages > 1 ? (
        <Pager
          pageNo={pageNo}
          totalPages={games.data.totalPages}
          total={games.data.total}
          onPage={setPageNo}
        />
      ) : null}
    </section>
  );
}
