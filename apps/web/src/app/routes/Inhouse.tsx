import { Lobby } from '../../features/games/Lobby';

export default function InhousePage() {
  return <Lobby category="INHOUSE" />;
}
