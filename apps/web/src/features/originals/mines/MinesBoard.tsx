import { useTranslation } from 'react-i18next';
import type { MultistepRound } from '../multistep';
import { GemIcon, MineIcon } from './art';

const TILES = Array.from({ length: 25 }, (_, tile) => tile);

type TileState = 'hidden' | 'gem' | 'mine' | 'ghost-gem' | 'ghost-mine';

function tileState(round: MultistepRound | null, tile: number): TileState {
  const view = round?.mines;
  if (!view) return 'hidden';
  const revealed = view.revealed.find((r) => r.tile === tile);
  if (revealed) return revealed.safe ? 'gem' : 'mine';
  // At the end the whole layout shows, the tiles not picked dimmed.
  if (view.mines) return view.mines.includes(tile) ? 'ghost-mine' : 'ghost-gem';
  return 'hidden';
}

/** The 5×5 board: tiles 0…24 left to right, top to bottom (the order of Stake's formula). */
export function MinesBoard({
  round,
  playable,
  onPick,
}: {
  round: MultistepRound | null;
  /** Tiles can be picked (an open round, no call under way). */
  playable: boolean;
  onPick: (tile: number) => void;
}) {
  const { t } = useTranslation('originals');
  return (
    <div className="mines-board" data-testid="mines-board">
      {TILES.map((tile) => {
        const state = tileState(round, tile);
        const hidden = state === 'hidden';
        return (
          <button
            key={tile}
            type="button"
            className={`mines-tile is-${state}`}
            data-testid="mines-tile"
            data-tile={tile}
            data-state={state}
            disabled={!hidden || !playable}
            aria-label={t(`mines.tile.${hidden ? 'hidden' : state.replace('ghost-', '')}`, { n: tile + 1 })}
            onClick={() => onPick(tile)}
          >
            {state === 'gem' || state === 'ghost-gem' ? <GemIcon /> : null}
            {state === 'mine' || state === 'ghost-mine' ? <MineIcon /> : null}
          </button>
        );
      })}
    </div>
  );
}
