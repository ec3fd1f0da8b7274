import { CrashScreen } from '../../features/originals/crash';

export default function InhouseCrashPage() {
  return <CrashScreen />;
}
