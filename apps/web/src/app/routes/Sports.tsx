import { SportsbookLobbyScreen } from '../../features/sportsbook';
import { useSportsbookOffered } from '../../lib/sportsbook-offer';
import { NotFound } from '../routes-static';

/** The sportsbook when the merchant offers it; otherwise the address is not one of its pages. */
export default function SportsPage() {
  return useSportsbookOffered() ? <SportsbookLobbyScreen section="sports" /> : <NotFound />;
}
