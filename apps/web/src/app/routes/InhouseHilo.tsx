import { HiloScreen } from '../../features/originals/hilo';

export default function InhouseHiloPage() {
  return <HiloScreen />;
}
