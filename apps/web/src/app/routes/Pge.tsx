import { Lobby } from '../../features/games/Lobby';

/** The PG-style slots lobby: our slots hall (the in-house vendor's RNG games). */
export default function PgePage() {
  return <Lobby category="RNG" fixedVendor="SORTE" heading="PGE" />;
}
