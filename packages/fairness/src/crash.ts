/**
 * Crash: one shared round for every player, seeded by a hash chain as in Stake's crash seeding
 * event (https://bitcointalksearch.org/topic/stakecom-crash-seeding-event-5162888/2-page.html).
 *
 * The chain: from a secret, each element is SHA-256 of the previous element's lowercase hex; the
 * games use it backwards, so each game's hash is SHA-256 of the NEXT game's hash and the hash of the
 * last element (the "terminating hash") is published before the first game. Hashing game n's hash n
 * times gives the terminating hash, which proves the round was fixed in advance; nobody can compute
 * a future game's hash from the past ones.
 *
 * The crash point: HMAC-SHA256(key = game hash, message = salt — a public value chosen after the
 * chain was published, Stake uses a future Bitcoin block hash), its first 4 bytes read as an
 * unsigned integer i, crash = max(1, 2³² / (i + 1) × (1 − edge)); we round it down to the hundredth
 * as the multiplier settled on, computing it in integers so no float product drops a hundredth.
 * Crash's multiplier grid is the hundredth (HUNDREDTHS_SCALE): a cash-out pays stake × its
 * hundredths / 100, rounded down once (@sorte/money payoutMinor). Both hash functions are injected
 * so the package stays pure.
 */
import { multiplierUnits, unitsToNumber } from '@sorte/money';
import { HUNDREDTHS_SCALE, hundredths, rtpUnits, UNITS_PER_HUNDREDTH } from './cents.ts';
import { checkHouseEdge, DEFAULT_HOUSE_EDGE } from './edge.ts';
import type { HmacSha256 } from './rng.ts';

/** SHA-256 of the UTF-8 `message`; 32 bytes. */
export type Sha256 = (message: string) => Uint8Array;

export const CRASH_MIN_CASH_OUT = 1.01;
export const CRASH_MAX_CASH_OUT = 1_000_000;
const INT_STEPS = 2 ** 32;
const INT_STEPS_N = 2n ** 32n;

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The hash of the game played just before the game with `gameHash`. */
export function previousGameHash(sha256: Sha256, gameHash: string): string {
  return toHex(sha256(gameHash));
}

/**
 * A chain of `length` games from `secret`: `games[0]` is game #1's hash, and the terminating
 * hash to publish in advance is the hash of `games[0]`.
 */
export function hashChain(
  sha256: Sha256,
  secret: string,
  length: number,
): { terminatingHash: string; games: string[] } {
  if (!Number.isInteger(length) || length < 1)
    throw new RangeError(`chain length must be ≥ 1, got ${length}`);
  const elements: string[] = [];
  let hash = secret;
  for (let i = 0; i < length; i++) {
    hash = previousGameHash(sha256, hash);
    elements.push(hash);
  }
  return { terminatingHash: previousGameHash(sha256, hash), games: elements.reverse() };
}

/** True when hashing `gameHash` `gameNumber` times gives the published terminating hash. */
export function verifyGameHash(
  sha256: Sha256,
  gameHash: string,
  gameNumber: number,
  terminatingHash: string,
): boolean {
  let hash = gameHash;
  for (let i = 0; i < gameNumber; i++) hash = previousGameHash(sha256, hash);
  return hash === terminatingHash;
}

/** The round's crash point from its game hash and the public salt. */
export function crashPoint(
  hmac: HmacSha256,
  gameHash: string,
  salt: string,
  houseEdge = DEFAULT_HOUSE_EDGE,
): number {
  const edge = checkHouseEdge(houseEdge);
  const bytes = hmac(gameHash, salt);
  const int = ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
  const crash = (INT_STEPS_N * rtpUnits(edge)) / (BigInt(int + 1) * UNITS_PER_HUNDREDTH);
  return unitsToNumber(crash < 100n ? 100n : crash, HUNDREDTHS_SCALE);
}

export interface CrashBet {
  /** The multiplier the player cashes out at (auto cash-out or the moment they pressed). */
  cashOut: number;
  houseEdge?: number;
}

function checkCashOut(cashOut: number): void {
  hundredths(cashOut, 'crash cash-out', CRASH_MIN_CASH_OUT, CRASH_MAX_CASH_OUT);
}

/** A bet wins when the round reaches its cash-out multiplier before crashing. */
export function settleCrash(crash: number, bet: CrashBet): { win: boolean; payout: number } {
  checkCashOut(bet.cashOut);
  const win = crash >= bet.cashOut;
  return { win, payout: win ? bet.cashOut : 0 };
}

/**
 * Theoretical RTP of cashing out at c: the round reaches c when i + 1 ≤ 2³²(1 − edge)/c, so
 * P = ⌊2³²(1 − edge)/c⌋ / 2³² and RTP = c·P — below 1 − edge by less than c / 2³² (the 4-byte
 * integer's granularity in Stake's formula: under 10⁻⁹ up to 4.29×).
 */
export function crashRtp(bet: CrashBet): number {
  checkCashOut(bet.cashOut);
  const edge = checkHouseEdge(bet.houseEdge ?? DEFAULT_HOUSE_EDGE);
  const cashOut = multiplierUnits(bet.cashOut, HUNDREDTHS_SCALE) * UNITS_PER_HUNDREDTH;
  return (bet.cashOut * Number((INT_STEPS_N * rtpUnits(edge)) / cashOut)) / INT_STEPS;
}
