import { openDatabase } from '../../platform/database/database.ts';
import { diceBet } from './bets.test-helpers.ts';
import { placeSingleRound } from './index.ts';

/**
 * A bettor for bets.test.ts, run as its own process so the test can kill it with SIGKILL: 24 loops
 * place dice bets for the given members through the bet path on DATABASE_URL, print each
 * acknowledged round ("ack <id> <key>"), and after 60 acknowledgements say 'stalled' and keep
 * betting, so the kill lands with batches in flight.
 */
const [merchantId, currency, ...members] = process.argv.slice(2);
const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 6 });
let acknowledged = 0;
async function loop(n: number): Promise<never> {
  const [memberId, mainId] = members[n % members.length]!.split(':');
  const bettor = {
    merchantId: merchantId!,
    currency: currency!,
    memberId: memberId!,
    mainId: BigInt(mainId!),
  };
  for (;;) {
    const bet = diceBet(bettor, 100n);
    const round = await placeSingleRound(handle.db, bet);
    process.stdout.write(`ack ${round.id} ${bet.idempotencyKey}\n`);
    acknowledged += 1;
    if (acknowledged === 60) process.stdout.write('stalled\n');
  }
}
await Promise.all(Array.from({ length: 24 }, (_, n) => loop(n)));
