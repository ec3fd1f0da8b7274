import type { Game } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../components/ui/Icon';
import { usePopularGames, useRecentGames } from '../features/games/api';
import { GameRow } from '../features/games/GameRow';
import { useOpenGame } from '../features/games/launch';
import { gameHref } from '../lib/lottery-href';
import { useModal } from '../lib/modal-url';
import { useSession } from '../lib/session';

export const LOTTERY_TYPES: ReadonlySet<string> = new Set(['ELOTT', 'LOTT']);

/** Spec launch rule: a lottery with a code and a default play type opens /lottery; others launch as usual. */
export function useOpenLottery() {
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const navigate = useNavigate();
  const { open, pending } = useOpenGame();
  const openLottery = (game: Game) => {
    if (!isLogin) openModal('login');
    else if (LOTTERY_TYPES.has(game.gameType) && game.gameCode && game.defaultPlayType)
      navigate(gameHref(game.gameCode, game.defaultPlayType));
    else void open(game);
  };
  return { open: openLottery, pending };
}

/**
 * The fast-draw lobby's popular and recent rows. They are game-catalogue rows (the games feature)
 * under the lottery's cards (the lottery feature), so the two are put together here, in app/.
 */
export function LotteryGameRows() {
  const { t, i18n } = useTranslation('lottery');
  const popular = usePopularGames(i18n.language);
  const recent = useRecentGames(i18n.language);
  const opener = useOpenLottery();
  return (
    <>
      <GameRow
        id="lt-popular"
        title={t('lobby.popular')}
        icon={<Icon name="star" size={18} />}
        games={(popular.data ?? []).filter((g) => LOTTERY_TYPES.has(g.gameType))}
        onOpen={opener.open}
        pending={opener.pending}
      />
      <GameRow
        id="lt-recent"
        title={t('lobby.recent')}
        games={(recent.data ?? []).filter((g) => LOTTERY_TYPES.has(g.gameType))}
        onOpen={opener.open}
        pending={opener.pending}
      />
    </>
  );
}
