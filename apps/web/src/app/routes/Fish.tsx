import { Lobby } from '../../features/games/Lobby';

export default function FishPage() {
  return <Lobby category="FISH" />;
}
