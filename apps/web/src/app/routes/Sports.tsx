import { Lobby } from '../../features/games/Lobby';

export default function SportsPage() {
  return <Lobby category="SPORTS" />;
}
