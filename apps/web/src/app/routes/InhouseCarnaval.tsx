import { SlotScreen } from '../../features/originals/slot';

export default function InhouseCarnavalPage() {
  return <SlotScreen />;
}
