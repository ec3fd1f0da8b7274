import { GameFrame } from '../../features/games/GameFrame';

export default function SeamlessPage() {
  return (
    <div className="page page--flush">
      <GameFrame titleKey="seamless" />
    </div>
  );
}
