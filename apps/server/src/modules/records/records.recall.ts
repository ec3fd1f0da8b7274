import type { BetRecall } from '@sorte/contracts';

/** A bigint row id as text: what the lottery routes' `:id` accepts. */
const ID = /^[1-9][0-9]{0,17}$/;
/** A Vietnamese ticket's reference, '<drawId>:<ticketId>' (vn.tickets.ts's recordOf). */
const VN_REF = /^[1-9][0-9]{0,17}:([1-9][0-9]{0,17})$/;

/**
 * Where each source keeps a round's own detail, as an API path for the player's token: the betting
 * records only point there, the game module answers it (and checks the round is the caller's).
 * A source missing here (or a reference it cannot read) has no recall and its rows carry none.
 */
const RECALLS: Record<string, (ref: string) => Pick<BetRecall, 'kind' | 'path'> | null> = {
  // original_rounds.id: time, bet, choices, outcome, seeds, nonce, balance before and after. Mines
  // and hilo rounds file here too, under the id their finished round gets in original_rounds.
  originals: (ref) => ({ kind: 'originals', path: `/wps/originals/rounds/${encodeURIComponent(ref)}` }),
  // A crash bet is filed as '<roundId>:<betId>' (one shared round has many players' bets, and a
  // record's (merchant, source, source_ref) is unique); its recall is the shared round. A bare bet
  // id names no round, so it gets no recall rather than a wrong one.
  crash: (ref) => {
    const [round, bet] = ref.split(':');
    return round && bet ? { kind: 'crash', path: `/wps/crash/rounds/${encodeURIComponent(round)}` } : null;
  },
  // '<vendor>:<roundId>': the round state the seamless-wallet calls kept.
  vendor: (ref) => ({ kind: 'vendor', path: `/wps/game/rounds/recall?ref=${encodeURIComponent(ref)}` }),
  // lottery_tickets.id: one record per ticket (a chase's tickets are each their own round), and the
  // ticket detail answers with its draw's result and winning units.
  lottery: (ref) => (ID.test(ref) ? { kind: 'lottery', path: `/wps/lottery/tickets/${ref}` } : null),
  // '<drawId>:<ticketId>' (vn_tickets): one record per ticket; the ticket detail answers with its
  // draw's numbers and the ticket's hits. Both parts must be ids, or the record gets no recall.
  lottery_vn: (ref) => {
    const ticket = VN_REF.exec(ref)?.[1];
    return ticket ? { kind: 'lottery_vn', path: `/wps/lottery/vn/tickets/${ticket}` } : null;
  },
  // sb_bets.id: one record per bet (a slip of singles files one per single); the bet answers with
  // its legs, their results and its cash-outs.
  sportsbook: (ref) => (ID.test(ref) ? { kind: 'sportsbook', path: `/wps/sports/bets/${ref}` } : null),
};

export function recallOf(source: string, ref: string): BetRecall | null {
  const recall = RECALLS[source]?.(ref);
  return recall ? { ...recall, ref } : null;
}
