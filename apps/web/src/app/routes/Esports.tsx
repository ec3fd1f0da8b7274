import { SportsbookLobbyScreen } from '../../features/sportsbook';

export default function EsportsPage() {
  return <SportsbookLobbyScreen section="esports" />;
}
