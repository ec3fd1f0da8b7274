import { Lobby } from '../../features/games/Lobby';

export default function ElottPage() {
  return <Lobby category="ELOTT" />;
}
