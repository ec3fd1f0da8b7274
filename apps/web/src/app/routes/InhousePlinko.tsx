import { PlinkoScreen } from '../../features/originals/plinko';

export default function InhousePlinkoPage() {
  return <PlinkoScreen />;
}
