import { MinesScreen } from '../../features/originals/mines';

export default function InhouseMinesPage() {
  return <MinesScreen />;
}
