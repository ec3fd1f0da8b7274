import { useSearchParams } from 'react-router';
import { LotteryGameRows } from '../LotteryGameRows';
import { useCategoryVendors } from '../../features/games/api';
import { Lobby } from '../../features/games/Lobby';
import { GameScreen, LotteryLobby } from '../../features/lottery';

/**
 * /lottery: with `gameCode` the fast-draw game screen (the play type in `playType`), otherwise the
 * fast-draw lobby and, when the merchant has lottery halls of other vendors, their lobby below.
 */
export default function LotteryPage() {
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  const otherHalls = useCategoryVendors('LOTT').length > 0;
  if (gameCode)
    return (
      <div className="page lt-page">
        <GameScreen key={gameCode} gameCode={gameCode} />
      </div>
    );
  return (
    <div className="page lt-page">
      <LotteryLobby>
        <LotteryGameRows />
      </LotteryLobby>
      {otherHalls ? <Lobby category="LOTT" /> : null}
    </div>
  );
}
