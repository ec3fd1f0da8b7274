import { Lobby } from '../../features/games/Lobby';

export default function PgePage() {
  return <Lobby category="PGE" />;
}
