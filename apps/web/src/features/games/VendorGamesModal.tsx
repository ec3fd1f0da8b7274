import type { GameType } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/Modal';
import { type GameVendor, useGameList } from './api';
import { GameTile } from './GameTile';
import { useOpenGame } from './launch';

/** Spec §2: a vendor flagged VASSALAGE opens its games in a popup list instead of a lobby tab. */
export function VendorGamesModal({
  vendor,
  category,
  onClose,
}: {
  vendor: GameVendor;
  category: GameType;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('games');
  const list = useGameList({ gameType: category, vassalage: vendor.code, language: i18n.language });
  const games = list.data?.pages.flatMap((p) => p.games) ?? [];
  const { open, pending } = useOpenGame();
  return (
    <Modal name="vendor-games" title={vendor.name} onClose={onClose} size="lg">
      {list.isLoading ? (
        <p className="muted">{t('loadingMore')}</p>
      ) : games.length === 0 ? (
        <p className="muted">{t('noResults.title')}</p>
      ) : (
        <div className="game-grid game-grid--popup">
          {games.map((game) => (
            <GameTile key={game.gameId} game={game} onOpen={open} pending={pending === game.gameId} />
          ))}
        </div>
      )}
      {list.hasNextPage ? (
        <div className="lobby-more">
          <button type="button" className="btn btn--outline" onClick={() => void list.fetchNextPage()}>
            {t('loadMore')}
          </button>
        </div>
      ) : null}
    </Modal>
  );
}
