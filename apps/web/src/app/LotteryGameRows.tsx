import type { Game } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../components/ui/Icon';
import { useRecentGames } from '../features/games/api';
import { GameRow } from '../features/games/GameRow';
import { useOpenGame } from '../features/games/launch';
import { gameHref } from '../features/lottery';
import { apiGet } from '../lib/api';
import { useModal } from '../lib/modal-url';
import { useSession } from '../lib/session';

const LOTTERY_TYPES = new Set(['ELOTT', 'LOTT']);

/** Spec launch rule: a lottery with a code and a default play type opens /lottery; others launch as usual. */
function useOpenLottery() {
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

/** GET /lgw/games/popular (count 20): the most played games lately, of which the lottery ones. */
function usePopularLotteries(language: string) {
  return useQuery({
    queryKey: ['games', 'popular', 20, language],
    queryFn: ({ signal }) =>
      apiGet<{ list: Game[] }>('/lgw/games/popular', { query: { count: 20, language }, signal }).then((v) =>
        v.list.filter((g) => LOTTERY_TYPES.has(g.gameType)),
      ),
    staleTime: 5 * 60_000,
  });
}

/**
 * The fast-draw lobby's popular and recent rows. They are game-catalogue rows (the games feature)
 * under the lottery's cards (the lottery feature), so the two are put together here, in app/.
 */
export function LotteryGameRows() {
  const { t, i18n } = useTranslation('lottery');
  const popular = usePopularLotteries(i18n.language);
  const recent = useRecentGames(i18n.language);
  const opener = useOpenLottery();
  return (
    <>
      <GameRow
        id="lt-popular"
        title={t('lobby.popular')}
        icon={<Icon name="star" size={18} />}
        games={popular.data ?? []}
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
