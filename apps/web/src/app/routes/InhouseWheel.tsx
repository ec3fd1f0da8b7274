import { WheelScreen } from '../../features/originals/wheel';

export default function InhouseWheelPage() {
  return <WheelScreen />;
}
