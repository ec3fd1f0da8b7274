import { LotteryGameRows } from '../LotteryGameRows';
import { useCategoryVendors } from '../../features/games/api';
import { Lobby } from '../../features/games/Lobby';
import { LotteryLobby } from '../../features/lottery';

/** The fast-draw lottery's own hall; the games in-house. */
const OWN_HALL = 'SORTE_LOTTO';

/**
 * /elott: the fast-draw lobby (live countdowns and results); e-lottery halls of other vendors keep
 * the ordinary game lobby below it. Banners and the side menu come with the page's layout.
 */
export default function ElottPage() {
  const others = useCategoryVendors('ELOTT').filter((v) => v.code !== OWN_HALL);
  return (
    <>
      <LotteryLobby>
        <LotteryGameRows />
      </LotteryLobby>
      {others.length > 0 ? <Lobby category="ELOTT" /> : null}
    </>
  );
}
