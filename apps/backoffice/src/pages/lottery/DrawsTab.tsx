import type { BoLotteryDraw, BoLotteryGame, LotteryDrawStatus } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/DataTable';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Badge } from '../../components/Status';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useMoney } from '../../lib/operator';
import { type Page, PAGE_SIZE } from '../../lib/paging';
import { useMerchantCurrency } from './currency';
import { LOTTERY_GAMES_KEY } from './GamesTab';

const STATUSES = [
  'scheduled',
  'drawn',
  'settled',
  'cancelled',
] as const satisfies readonly LotteryDrawStatus[];
const TONES: Record<LotteryDrawStatus, 'ok' | 'warn' | 'bad' | 'muted'> = {
  scheduled: 'warn',
  drawn: 'warn',
  settled: 'ok',
  cancelled: 'muted',
};
const DRAWS_KEY = ['bo', 'lottery', 'draws'] as const;

/** A hash or seed cut to its ends, the whole of it on hover and for copying. */
function Hash({ value }: { value: string | null }) {
  if (!value) return <span className="muted">—</span>;
  return (
    <span className="mono nowrap" title={value}>
      {value.slice(0, 10)}…{value.slice(-6)}
    </span>
  );
}

/**
 * The fast draws, newest first, by game and status: times, the published commitment, the result and
 * the seed once revealed, the tickets' totals. A draw not yet drawn can be cancelled (every ticket
 * refunded) with a reason.
 */
export function LotteryDrawsTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const currency = useMerchantCurrency() ?? 'BRL';
  const queryClient = useQueryClient();
  const [gameCode, setGameCode] = useState('');
  const [status, setStatus] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [cancelling, setCancelling] = useState<BoLotteryDraw | null>(null);

  const games = useQuery({
    queryKey: LOTTERY_GAMES_KEY,
    queryFn: () => api.get<{ list: BoLotteryGame[] }>('/bo/lottery/games').then((v) => v.list),
  });
  const draws = useQuery({
    queryKey: [...DRAWS_KEY, gameCode, status, pageNo],
    queryFn: () =>
      api.get<Page<BoLotteryDraw>>('/bo/lottery/draws', {
        gameCode: gameCode || undefined,
        status: status || undefined,
        pageNo,
        pageSize: PAGE_SIZE,
      }),
  });
  const nameOf = (code: string) => {
    const game = games.data?.find((g) => g.gameCode === code);
    if (!game) return code;
    return i18n.language === 'en' ? game.nameEn : game.namePt;
  };

  return (
    <>
      <div className="toolbar">
        <label className="field field--inline">
          <span>{t('lottery.draws.game')}</span>
          <select
            value={gameCode}
            onChange={(event) => {
              setGameCode(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('lottery.draws.allGames')}</option>
            {(games.data ?? []).map((game) => (
              <option key={game.gameCode} value={game.gameCode}>
                {nameOf(game.gameCode)}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--inline">
          <span>{t('lottery.draws.status')}</span>
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('lottery.draws.allStatuses')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`lottery.draws.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        query={draws}
        empty={t('lottery.draws.none')}
        onPage={setPageNo}
        className="table table--cards"
        actions
        head={
          <>
            <th>{t('lottery.draws.drawNo')}</th>
            <th>{t('lottery.draws.times')}</th>
            <th>{t('lottery.draws.status')}</th>
            <th>{t('lottery.draws.result')}</th>
            <th>{t('lottery.draws.commitment')}</th>
            <th>{t('lottery.draws.seed')}</th>
            <th className="num">{t('lottery.draws.tickets')}</th>
            <th className="num">{t('lottery.draws.stakePayout')}</th>
          </>
        }
        row={(draw) => (
          <tr key={draw.id}>
            <td data-label={t('lottery.draws.drawNo')}>
              <div>
                <span className="mono nowrap">{draw.drawNo}</span>
                <div className="muted small">{nameOf(draw.gameCode)}</div>
              </div>
            </td>
            <td data-label={t('lottery.draws.times')} className="small">
              <div className="nowrap">
                <div>
                  {t('lottery.draws.closes')} {formatDateTime(draw.closesAt)}
                </div>
                <div>
                  {t('lottery.draws.draws')} {formatDateTime(draw.drawsAt)}
                </div>
              </div>
            </td>
            <td data-label={t('lottery.draws.status')}>
              <div>
                <Badge tone={TONES[draw.status]}>{t(`lottery.draws.statuses.${draw.status}`)}</Badge>
                {draw.cancelReason ? <div className="muted small">{draw.cancelReason}</div> : null}
              </div>
            </td>
            <td data-label={t('lottery.draws.result')}>
              <div className="mono nowrap">
                {draw.result ? draw.result.join(' ') : <span className="muted">—</span>}
              </div>
            </td>
            <td data-label={t('lottery.draws.commitment')}>
              <div>
                <Hash value={draw.commitment} />
              </div>
            </td>
            <td data-label={t('lottery.draws.seed')}>
              <div>
                <Hash value={draw.serverSeed} />
              </div>
            </td>
            <td data-label={t('lottery.draws.tickets')} className="num">
              <div>{draw.ticketCount}</div>
            </td>
            <td data-label={t('lottery.draws.stakePayout')} className="num">
              <div className="nowrap">
                {money(draw.stakeMinor, currency)}
                <div className="muted small">{money(draw.payoutMinor, currency)}</div>
              </div>
            </td>
            <td className="row-actions">
              {draw.status === 'scheduled' ? (
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => setCancelling(draw)}
                >
                  {t('lottery.draws.cancel')}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
      {cancelling ? (
        <ReasonDialog
          title={t('lottery.draws.cancelTitle', { drawNo: cancelling.drawNo })}
          summary={
            <p>
              {t('lottery.draws.cancelSummary', {
                game: nameOf(cancelling.gameCode),
                count: cancelling.ticketCount,
                stake: money(cancelling.stakeMinor, currency),
              })}
            </p>
          }
          confirmLabel={t('lottery.draws.cancel')}
          danger
          minLength={3}
          onConfirm={async (reason) => {
            try {
              await api.post(`/bo/lottery/draws/${cancelling.id}/cancel`, { reason });
            } finally {
              // Refused or not, the list shows what the draw is now (drawn meanwhile, for instance).
              await queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
            }
          }}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </>
  );
}
