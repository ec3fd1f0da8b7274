import type { LotteryGame } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModal } from '../../../lib/modal-url';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Icon } from '../../../components/ui/Icon';
import { gameHref } from '../../../lib/lottery-href';
import { useSession } from '../../../lib/session';
import { useMemberInfo } from '../../../lib/member';
import { useLotteryGames } from '../api';
import { clockOffsetMs, useServerNow } from '../../../lib/server-clock';
import { useLotteryFavourites } from '../favourites';
import { useLotteryPush } from '../live';
import { Countdown } from './Countdown';
import { RESULT_LENGTH, ResultBalls } from './ResultBalls';

/**
 * The fast-draw lobby: a card per game of the merchant with the open draw's countdown (on the
 * server's clock) and the last result, a favourite star (LOTTFAV), then `children` (the page's
 * popular and recent game rows, composed in app/).
 */
export function LotteryLobby({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('lottery');
  const games = useLotteryGames();
  const isLogin = useSession((s) => s.isLogin);
  const member = useMemberInfo();
  const username = isLogin ? (member.data?.account ?? null) : null;
  const favourites = useLotteryFavourites(username);
  const { openModal } = useModal();
  useLotteryPush();

  const offset = clockOffsetMs(games.data?.[0]?.serverTime, games.dataUpdatedAt || Date.now());
  const now = useServerNow(offset);
  const list = useMemo(() => {
    const all = games.data ?? [];
    // Favourites first, each group in the merchant's order.
    return [...all].sort(
      (a, b) => Number(favourites.codes.includes(b.gameCode)) - Number(favourites.codes.includes(a.gameCode)),
    );
  }, [games.data, favourites.codes]);

  // A game without an open draw, or whose draw has closed, is read again until the next one opens.
  const queryClient = useQueryClient();
  const waiting = (games.data ?? []).some((g) => !g.openDraw || Date.parse(g.openDraw.closesAt) <= now);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: ['lottery', 'games'] }),
      3_000,
    );
    return () => clearInterval(timer);
  }, [waiting, queryClient]);

  const onStar = (gameCode: string) => {
    if (!isLogin) {
      openModal('login');
      return;
    }
    favourites.toggle(gameCode);
  };

  return (
    <section className="lt-lobby" aria-labelledby="lt-lobby-title">
      <header className="lt-lobby__hero">
        <div className="lt-lobby__hero-icon" aria-hidden="true">
          <Icon name="ELOTT" size={28} />
        </div>
        <div>
          <h1 id="lt-lobby-title" className="lt-lobby__title">
            {t('lobby.title')}
          </h1>
          <p className="lt-lobby__subtitle">{t('lobby.subtitle')}</p>
        </div>
      </header>
      {games.isLoading ? (
        <div className="lt-cards" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="lt-card lt-card--skeleton" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon="ELOTT" title={t('lobby.empty')} text={t('lobby.emptyText')} />
      ) : (
        <div className="lt-cards">
          {list.map((game) => (
            <GameCard
              key={game.gameCode}
              game={game}
              offsetMs={offset}
              favourite={favourites.codes.includes(game.gameCode)}
              onStar={() => onStar(game.gameCode)}
            />
          ))}
        </div>
      )}
      {children}
    </section>
  );
}

function GameCard({
  game,
  offsetMs,
  favourite,
  onStar,
}: {
  game: LotteryGame;
  offsetMs: number;
  favourite: boolean;
  onStar: () => void;
}) {
  const { t } = useTranslation('lottery');
  const last = game.lastDraw;
  return (
    <article
      className={`lt-card lt-card--${game.family.toLowerCase()}`}
      data-testid="lottery-card"
      data-game={game.gameCode}
    >
      <div className="lt-card__top">
        <Link to={gameHref(game.gameCode, game.defaultPlayType)} className="lt-card__name">
          {game.name}
        </Link>
        <button
          type="button"
          className={`lt-star${favourite ? ' is-on' : ''}`}
          aria-pressed={favourite}
          aria-label={
            favourite
              ? t('lobby.unfavourite', { name: game.name })
              : t('lobby.favourite', { name: game.name })
          }
          onClick={onStar}
          data-testid="lottery-star"
        >
          <Icon name="star" size={18} />
        </button>
      </div>
      <p className="lt-card__meta">
        {t(`families.${game.family}`)} · {t('lobby.every', { count: game.intervalMinutes })}
      </p>
      <div className="lt-card__draw">
        {game.openDraw ? (
          <>
            <span className="lt-card__drawno">{t('draw.number', { drawNo: game.openDraw.drawNo })}</span>
            <Countdown draw={game.openDraw} offsetMs={offsetMs} />
          </>
        ) : (
          <span className="lt-card__drawno">{t('countdown.noDraw')}</span>
        )}
      </div>
      <div className="lt-card__last">
        <span className="muted">
          {last ? t('draw.lastShort', { drawNo: last.drawNo.slice(-4) }) : t('draw.noResults')}
        </span>
        <ResultBalls
          family={game.family}
          result={last?.result ?? null}
          size="sm"
          placeholderCount={last ? RESULT_LENGTH[game.family] : 0}
        />
      </div>
      <Link
        to={gameHref(game.gameCode, game.defaultPlayType)}
        className="btn btn--primary btn--block btn--sm"
        data-testid="lottery-play"
      >
        {t('lobby.play')}
      </Link>
    </article>
  );
}
