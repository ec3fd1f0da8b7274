import type { BetCategory } from '@sorte/contracts';

/**
 * The naive reference of bonus wagering, for bonus.wagering.test.ts only: a mutable object that
 * keeps every bet by id and re-derives what the engine keeps as counters (open bets, bonus money on
 * them), and computes the split with a ceiling on the bonus side instead of a floor on the cash
 * side. Written from the rules in bonus.wagering.ts's header, not from its code.
 */

interface RefBet {
  grantNo: number;
  stake: bigint;
  fromCash: bigint;
  fromBonus: bigint;
  counted: bigint;
  open: boolean;
}

export interface RefOffer {
  bonus: bigint;
  deposit: bigint;
  onDepositToo: boolean;
  times: bigint;
  maxBet: bigint;
  expiresAt: number;
  rates: Partial<Record<BetCategory, bigint>>;
}

export class ReferenceBonusWallet {
  cash: bigint;
  bonus = 0n;
  status: string | null = null;
  wagered = 0n;
  requirement = 0n;
  maxBet = 0n;
  expiresAt = 0;
  rates: Partial<Record<BetCategory, bigint>> = {};
  grantNo = 0;
  conversions = 0;
  bets = new Map<string, RefBet>();
  /** How each grant stands, by its number (1…): where a bet's late bonus share goes. */
  statusOf: string[] = [];

  constructor(cash: bigint) {
    this.cash = cash;
  }

  private tick(now: number): void {
    if (this.status === 'active' && now >= this.expiresAt) {
      this.bonus = 0n;
      this.end('expired');
    }
  }

  private end(status: string): void {
    this.status = status;
    this.statusOf[this.grantNo] = status;
  }

  private openOfThisGrant(): RefBet[] {
    return [...this.bets.values()].filter((b) => b.open && b.grantNo === this.grantNo);
  }

  private check(): void {
    if (this.status !== 'active') return;
    if (this.wagered >= this.requirement) {
      this.cash += this.bonus;
      this.bonus = 0n;
      this.end('completed');
      this.conversions += 1;
      return;
    }
    const bonusOnBets = this.openOfThisGrant().reduce((sum, b) => sum + b.fromBonus, 0n);
    if (this.bonus === 0n && bonusOnBets === 0n && this.wagered < this.requirement) this.end('lost');
  }

  grant(offer: RefOffer, enabled: boolean, now: number): string | null {
    if (!enabled) return 'BONUS_DISABLED';
    this.tick(now);
    if (this.status === 'active') return 'BONUS_ALREADY_ACTIVE';
    for (const rate of Object.values(offer.rates))
      if (rate < 0n || rate > 10_000n) return 'BONUS_GRANT_INVALID';
    if (offer.bonus < 1n || offer.deposit < 0n || offer.times < 0n || offer.maxBet < 1n) {
      return 'BONUS_GRANT_INVALID';
    }
    if (offer.expiresAt <= now) return 'BONUS_GRANT_INVALID';
    this.grantNo += 1;
    this.conversions = 0;
    this.end('active');
    this.bonus = offer.bonus;
    this.wagered = 0n;
    this.requirement = offer.times * (offer.onDepositToo ? offer.bonus + offer.deposit : offer.bonus);
    this.maxBet = offer.maxBet;
    this.expiresAt = offer.expiresAt;
    this.rates = offer.rates;
    this.check();
    return null;
  }

  bet(id: string, category: BetCategory, stake: bigint, now: number): string | null {
    if (stake < 1n) return 'BONUS_STAKE_INVALID';
    this.tick(now);
    const active = this.status === 'active';
    if (active && stake > this.maxBet) return 'BONUS_MAX_BET_EXCEEDED';
    if (this.cash + this.bonus < stake) return 'WALLET_INSUFFICIENT_FUNDS';
    let fromCash = stake;
    let fromBonus = 0n;
    if (this.cash < stake) {
      fromCash = this.cash;
      fromBonus = stake - this.cash;
    }
    this.cash -= fromCash;
    this.bonus -= fromBonus;
    // Counted when the bet settles (win or loss), never for a void.
    const counted = active ? (stake * (this.rates[category] ?? 0n)) / 10_000n : 0n;
    this.bets.set(id, {
      grantNo: active ? this.grantNo : 0,
      stake,
      fromCash,
      fromBonus,
      counted,
      open: true,
    });
    this.check();
    return null;
  }

  /** payout: the whole return of a win, 0 for a loss, 'void' for a void. */
  settle(id: string, payout: bigint | 'void', now: number): string | null {
    const bet = this.bets.get(id)!;
    this.tick(now);
    bet.open = false;
    const back = payout === 'void' ? bet.stake : payout;
    const toBonus = (back * bet.fromBonus + bet.stake - 1n) / bet.stake;
    this.cash += back - toBonus;
    const itsBonus = bet.grantNo === 0 ? null : this.statusOf[bet.grantNo];
    if (itsBonus === 'active') {
      this.bonus += toBonus;
      if (payout !== 'void') this.wagered += bet.counted;
    } else if (itsBonus === 'completed') this.cash += toBonus; // converted: the player's now
    // expired or forfeited: the late bonus share is dropped (back to the pool)
    this.check();
    return null;
  }

  expire(now: number): string | null {
    this.tick(now);
    this.check();
    return null;
  }

  forfeit(now: number): string | null {
    this.tick(now);
    if (this.status === 'active') {
      this.bonus = 0n;
      this.end('forfeited');
    }
    return null;
  }

  withdraw(block: boolean, now: number): string | null {
    this.tick(now);
    if (this.status === 'active' && block) return 'BONUS_WITHDRAWAL_BLOCKED';
    if (!block) this.forfeit(now);
    return null;
  }

  /** Runs one command; a refused command leaves everything as it was (an overdue expiry included). */
  attempt(command: () => string | null): string | null {
    const before = { bonus: this.bonus, status: this.status, statusOf: [...this.statusOf] };
    const refusal = command();
    if (refusal !== null) Object.assign(this, before);
    return refusal;
  }
}
