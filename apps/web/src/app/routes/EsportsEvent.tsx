import { SportsbookEventScreen } from '../../features/sportsbook';

export default function EsportsEventPage() {
  return <SportsbookEventScreen section="esports" />;
}
