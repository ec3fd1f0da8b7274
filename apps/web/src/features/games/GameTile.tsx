import type { Game } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { LazyImage } from '../../components/ui/LazyImage';
import { useIsTrial } from '../../lib/play-money';

interface Props {
  game: Game;
  onOpen: (game: Game) => void;
  /** Shown only to logged-in players (undefined hides the star). */
  favourite?: boolean;
  onToggleFavourite?: (game: Game, favourite: boolean) => void;
  pending?: boolean;
}

/** A game tile: our own art (lazy), hot badge, favourite star, name and vendor; the whole tile plays. */
export function GameTile({ game, onOpen, favourite, onToggleFavourite, pending }: Props) {
  const { t } = useTranslation('games');
  // Free play reaches a game only where its vendor offers play money or a demo mode.
  const realOnly = useIsTrial() && !game.freePlay;
  return (
    <div className={`game-tile${pending ? ' is-pending' : ''}${realOnly ? ' is-real-only' : ''}`}>
      <button
        type="button"
        className="game-tile__play"
        onClick={() => onOpen(game)}
        aria-label={t('tile.play', { name: game.gameName })}
        aria-busy={pending || undefined}
      >
        <span className="game-tile__art">
          <LazyImage src={game.smallIcon} alt="" width={300} height={400} />
          <span className="game-tile__overlay" aria-hidden="true">
            <span className="game-tile__play-icon">
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
            <span className="game-tile__play-text">
              {pending ? t('tile.opening') : realOnly ? t('tile.realAccount') : t('tile.playNow')}
            </span>
          </span>
          {realOnly ? (
            <span className="game-tile__real-only">
              <Icon name="lock" size={12} />
              {t('tile.realAccount')}
            </span>
          ) : game.isHot ? (
            <span className="game-tile__badge">
              <Icon name="flame" size={12} />
              {t('tile.hot')}
            </span>
          ) : null}
        </span>
        <span className="game-tile__name">{game.gameName}</span>
        <span className="game-tile__vendor">{game.vendorName}</span>
      </button>
      {favourite !== undefined && onToggleFavourite ? (
        <button
          type="button"
          className={`game-tile__fav${favourite ? ' is-on' : ''}`}
          aria-pressed={favourite}
          aria-label={
            favourite
              ? t('tile.unfavourite', { name: game.gameName })
              : t('tile.favourite', { name: game.gameName })
          }
          onClick={() => onToggleFavourite(game, !favourite)}
        >
          <Icon name="star" size={16} />
        </button>
      ) : null}
    </div>
  );
}
