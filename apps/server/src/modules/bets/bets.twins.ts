import type { Settled } from '../../platform/batching/group-commit.ts';
import { AppError } from '../../platform/http/app-error.ts';

/** A bet's idempotency key per member (two members may use one key). */
export const memberKey = (memberId: string, idempotencyKey: string) => `${memberId}\u0000${idempotencyKey}`;

/** A batch's answers as they are being decided: null while an item is still open. */
export type Answers<Out> = (Settled<Out> | null)[];

/**
 * The skeleton's idempotency step, after the batch's locks (docs/architecture.md, "The bet path"):
 * an item whose key is already stored answers the stored value when it is the same bet and
 * LEDGER_IDEMPOTENCY_CONFLICT when it is another; an item whose key came earlier in the batch stays
 * open and is returned as a repeat (its index → the first copy's), for `answerRepeats` once the
 * batch has decided. `keyOf` names the key per member (`memberKey`).
 */
export function matchTwins<In, Out>(
  items: In[],
  answers: Answers<Out>,
  keyOf: (item: In) => string,
  stored: Map<string, Out>,
  same: (stored: Out, item: In) => boolean,
): Map<number, number> {
  const firstOfKey = new Map<string, number>();
  const repeats = new Map<number, number>();
  items.forEach((item, i) => {
    if (answers[i]) return;
    const key = keyOf(item);
    const twin = stored.get(key);
    if (twin) {
      answers[i] = same(twin, item)
        ? { ok: true, value: twin }
        : { ok: false, error: new AppError('LEDGER_IDEMPOTENCY_CONFLICT') };
      return;
    }
    const first = firstOfKey.get(key);
    if (first === undefined) firstOfKey.set(key, i);
    else repeats.set(i, first);
  });
  return repeats;
}

/**
 * Answers each repeat of a key inside the batch as its first copy was answered — the same answer for
 * the same bet (a refusal included), LEDGER_IDEMPOTENCY_CONFLICT for another bet under that key.
 */
export function answerRepeats<In, Out>(
  items: In[],
  answers: Answers<Out>,
  repeats: Map<number, number>,
  same: (stored: Out, item: In) => boolean,
): void {
  for (const [i, first] of repeats) {
    const earlier = answers[first]!;
    answers[i] =
      earlier.ok && !same(earlier.value, items[i]!)
        ? { ok: false, error: new AppError('LEDGER_IDEMPOTENCY_CONFLICT') }
        : earlier;
  }
}
