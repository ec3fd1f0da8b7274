import { SportsbookEventScreen } from '../../features/sportsbook';

export default function SportsEventPage() {
  return <SportsbookEventScreen section="sports" />;
}
