import { GameFrame } from '../../features/games/GameFrame';

export default function GamePage() {
  return (
    <div className="page page--flush">
      <GameFrame titleKey="game" />
    </div>
  );
}
