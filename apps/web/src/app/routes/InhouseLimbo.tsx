import { LimboScreen } from '../../features/originals/limbo';

export default function InhouseLimboPage() {
  return <LimboScreen />;
}
