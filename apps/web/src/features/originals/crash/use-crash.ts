import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { walletKeys } from '../../../lib/balance';
import { useIntentKeys } from '../../../lib/intent-key';
import { connectRealtime } from '../../../lib/realtime';
import { isUncertain } from '../../../lib/send-with-retry';
import { clockOffsetMs } from '../../../lib/server-clock';
import { useSession } from '../../../lib/session';
import {
  type CrashBet,
  type CrashRound,
  crashKeys,
  fetchCrashChain,
  fetchCrashCurrent,
  fetchCrashHistory,
  postCrashBet,
  postCrashCashOut,
} from './api';

/** How often the round is refetched: a safety net beside the pushes, the only source when logged out. */
const POLL_WITH_SOCKET_MS = 5_000;
const POLL_WITHOUT_SOCKET_MS = 1_000;
const ATTEMPTS = 3;

export interface CrashLive {
  round: CrashRound | null;
  myBet: CrashBet | null;
  /** Server clock minus this browser's clock, in ms (from the last answer's serverTime). */
  offsetMs: number;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Retries an idempotent call whose answer was lost (the server may have done it): same key or bet. */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt) await wait(300 * attempt);
    try {
      return await run();
    } catch (error) {
      last = error;
      if (!isUncertain(error)) break;
    }
  }
  throw last;
}

/** A round merged with a pushed bet (by id: masked names may repeat). */
function withBet(round: CrashRound, bet: CrashRound['bets'][number]): CrashRound {
  const bets = round.bets.some((b) => b.id === bet.id)
    ? round.bets.map((b) => (b.id === bet.id ? bet : b))
    : [...round.bets, bet];
  return { ...round, bets };
}

/** My bet as the server answered a bet or a cash-out, also in the round's list when it is that round. */
function withMyBet(live: CrashLive, bet: CrashBet): CrashLive {
  const round = live.round;
  return { ...live, myBet: bet, round: round && round.id === bet.roundId ? withBet(round, bet) : round };
}

/** My bet updated from the round's public list (the bust settles it there). */
function refreshMine(mine: CrashBet | null, round: CrashRound): CrashBet | null {
  if (!mine || mine.roundId !== round.id) return null;
  const pub = round.bets.find((b) => b.id === mine.id);
  return pub ? { ...mine, ...pub } : mine;
}

/**
 * The shared round, live: the current round and my bet from GET /wps/crash/round, then every push
 * of the merchant's rounds and bets over the player's socket (the round's phases, others' bets and
 * cash-outs), refetched on (re)connection and polled as a safety net. Placing and cashing out retry
 * a lost answer with the same key / on the same bet, so neither ever happens twice.
 */
export function useCrash() {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  const [live, setLive] = useState<CrashLive>({ round: null, myBet: null, offsetMs: 0 });
  const [pending, setPending] = useState<'bet' | 'cashout' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [socketOpen, setSocketOpen] = useState(false);
  const lastPhase = useRef<string>('');

  const chain = useQuery({ queryKey: crashKeys.chain, queryFn: ({ signal }) => fetchCrashChain(signal) });
  const history = useQuery({
    queryKey: crashKeys.history,
    queryFn: ({ signal }) => fetchCrashHistory(signal),
  });

  const apply = useCallback((round: CrashRound | null, myBet?: CrashBet | null) => {
    setLive((s) => {
      const offsetMs = round ? clockOffsetMs(round.serverTime, Date.now()) : s.offsetMs;
      const mine = myBet !== undefined ? myBet : round ? refreshMine(s.myBet, round) : null;
      return { round, myBet: mine, offsetMs };
    });
  }, []);

  const load = useCallback(async () => {
    try {
      const current = await fetchCrashCurrent();
      apply(current.round, current.myBet);
    } catch {
      // The next poll or push tries again.
    }
  }, [apply]);

  useEffect(() => {
    void load();
    const timer = setInterval(load, socketOpen ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS);
    return () => clearInterval(timer);
  }, [load, socketOpen]);

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    const stop = connectRealtime({
      token,
      onEvent: (event) => {
        if (event === 'ready') {
          setSocketOpen(true);
          void load();
        }
      },
      onMessage: (message) => {
        if (message.type === 'crash.round') apply(message.round as CrashRound);
        if (message.type === 'crash.bet') {
          const bet = message.bet as CrashRound['bets'][number];
          setLive((s) =>
            s.round && s.round.id === message.roundId
              ? {
                  ...s,
                  round: withBet(s.round, bet),
                  myBet: s.myBet?.id === bet.id ? { ...s.myBet, ...bet } : s.myBet,
                }
              : s,
          );
        }
      },
    });
    return () => {
      setSocketOpen(false);
      stop();
    };
  }, [token, load, apply]);

  // A bust reveals the round's hash: the history strip and (if I played) the balance follow.
  const phase = live.round ? `${live.round.id}:${live.round.status}` : '';
  useEffect(() => {
    if (!phase || phase === lastPhase.current) return;
    lastPhase.current = phase;
    if (phase.endsWith(':busted') || phase.endsWith(':betting')) {
      void queryClient.invalidateQueries({ queryKey: crashKeys.history });
      void queryClient.invalidateQueries({ queryKey: crashKeys.chain });
    }
  }, [phase, queryClient]);

  const refreshBalance = useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletKeys.balances }),
    [queryClient],
  );

  const placeBet = useCallback(
    async (amountMinor: bigint, autoCashOut: number | null) => {
      if (pending) return;
      setPending('bet');
      setError(null);
      const key = keys.keyFor(`${live.round?.id}|${amountMinor}|${autoCashOut}`);
      try {
        const bet = await withRetries(() =>
          postCrashBet({
            amountMinor: Number(amountMinor),
            idempotencyKey: key,
            ...(autoCashOut ? { autoCashOut } : {}),
          }),
        );
        keys.done();
        setLive((s) => withMyBet(s, bet));
        void refreshBalance();
      } catch (cause) {
        if (!isUncertain(cause)) keys.done();
        setError(cause);
      } finally {
        setPending(null);
      }
    },
    [pending, keys, live.round?.id, refreshBalance],
  );

  const cashOut = useCallback(async () => {
    const mine = live.myBet;
    if (!mine || pending) return;
    setPending('cashout');
    setError(null);
    try {
      const bet = await withRetries(() => postCrashCashOut(mine.roundId));
      setLive((s) => withMyBet(s, bet));
      void refreshBalance();
    } catch (cause) {
      setError(cause);
      if (cause instanceof ApiError) void load();
    } finally {
      setPending(null);
    }
  }, [live.myBet, pending, refreshBalance, load]);

  return {
    ...live,
    chain: chain.data ?? null,
    history: history.data ?? [],
    pending,
    error,
    clearError: () => setError(null),
    placeBet,
    cashOut,
  };
}
