import { PGE_HALL } from '../../features/games/halls';
import { Lobby } from '../../features/games/Lobby';

/** The PG-style slots lobby: our slots hall (the in-house vendor's RNG games). */
export default function PgePage() {
  return <Lobby category={PGE_HALL.category} fixedVendor={PGE_HALL.vendor} heading="PGE" />;
}
