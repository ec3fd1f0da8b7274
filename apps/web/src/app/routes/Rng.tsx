import { Lobby } from '../../features/games/Lobby';

export default function RngPage() {
  return <Lobby category="RNG" />;
}
