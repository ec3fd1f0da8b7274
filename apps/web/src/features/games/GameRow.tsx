import type { Game } from '@sorte/contracts';
import type { ReactNode } from 'react';
import { GameTile } from './GameTile';

interface Props {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  /** Beside the title, e.g. a 'see all' link to the row's lobby. */
  action?: ReactNode;
  games: Game[];
  onOpen: (game: Game) => void;
  favourites?: Set<string>;
  onToggleFavourite?: (game: Game, favourite: boolean) => void;
  pending?: number | null;
}

/** A titled, horizontally scrolling row of tiles (recent games, favourites, hot). */
export function GameRow({
  id,
  title,
  icon,
  action,
  games,
  onOpen,
  favourites,
  onToggleFavourite,
  pending,
}: Props) {
  if (games.length === 0) return null;
  return (
    <section className="game-row" aria-labelledby={id}>
      <div className="game-row__head">
        <h2 id={id} className="game-row__title">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      <div className="game-row__track">
        {games.map((game) => (
          <GameTile
            key={game.gameId}
            game={game}
            onOpen={onOpen}
            favourite={favourites ? favourites.has(`${game.vendor}:${game.nodeId}`) : undefined}
            onToggleFavourite={onToggleFavourite}
            pending={pending === game.gameId}
          />
        ))}
      </div>
    </section>
  );
}
