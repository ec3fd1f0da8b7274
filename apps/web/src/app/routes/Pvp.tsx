import { Lobby } from '../../features/games/Lobby';

export default function PvpPage() {
  return <Lobby category="PVP" />;
}
