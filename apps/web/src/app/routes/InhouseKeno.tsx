import { KenoScreen } from '../../features/originals/keno';

export default function InhouseKenoPage() {
  return <KenoScreen />;
}
