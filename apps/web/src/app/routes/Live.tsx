import { Lobby } from '../../features/games/Lobby';

export default function LivePage() {
  return <Lobby category="LIVE" />;
}
