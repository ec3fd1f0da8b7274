import { SportsbookLobbyScreen } from '../../features/sportsbook';

export default function SportsPage() {
  return <SportsbookLobbyScreen section="sports" />;
}
