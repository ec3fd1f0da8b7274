import { DiceScreen } from '../../features/originals/dice';

export default function InhouseDicePage() {
  return <DiceScreen />;
}
