import { Lobby } from '../../features/games/Lobby';

export default function EsportsPage() {
  return <Lobby category="ESPORTS" />;
}
