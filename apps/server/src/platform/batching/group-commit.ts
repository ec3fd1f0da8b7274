/** One item's fate in a batch: its value, or the error its caller should hear. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface GroupCommit<In, Out> {
  /** Resolves or rejects with this item's own outcome, whatever happened to its neighbours. */
  submit(item: In): Promise<Out>;
  /** Waits until every batch already taken has finished. */
  flush(): Promise<void>;
  stats(): { batches: number; items: number };
}

interface Waiting<In, Out> {
  item: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

/**
 * Group commit (ARCHITECTURE §4): concurrent requests are gathered into shared batches, each run as
 * one database transaction by `run`, which answers every item on its own. There is no timer: a batch
 * leaves as soon as one of `maxInFlight` slots is free, so an idle server answers a lone request at
 * once, and under load the requests arriving while batches are in flight form the next batch — the
 * busier the database, the bigger and the cheaper per item the batches become.
 *
 * `run` also gets the batch's sequence number: consecutive batches, the ones in flight together, can
 * use it to touch different rows (e.g. different house-account shards) so they do not queue on each
 * other's locks.
 *
 * `partition` keeps items that may not share a batch apart (e.g. different merchants); each
 * partition has its own queue and slots. `run` must answer every item, in order; if it throws,
 * nothing of that batch committed and every caller in it hears the error.
 */
export function createGroupCommit<In, Out>(
  run: (items: In[], batchNumber: number) => Promise<Settled<Out>[]>,
  options: { maxBatch: number; maxInFlight?: number; partition?: (item: In) => string },
): GroupCommit<In, Out> {
  const maxInFlight = options.maxInFlight ?? 2;
  const partition = options.partition ?? (() => '');
  const queues = new Map<string, Waiting<In, Out>[]>();
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let batches = 0;
  let items = 0;

  function drain(part: string): void {
    const queue = queues.get(part);
    while (queue?.length && (inFlight.get(part) ?? 0) < maxInFlight) {
      const taken = queue.splice(0, options.maxBatch);
      inFlight.set(part, (inFlight.get(part) ?? 0) + 1);
      const job = runBatch(taken).finally(() => {
        running.delete(job);
        inFlight.set(part, (inFlight.get(part) ?? 1) - 1);
        drain(part);
      });
      running.add(job);
    }
    if (queue && !queue.length) queues.delete(part);
  }

  async function runBatch(taken: Waiting<In, Out>[]): Promise<void> {
    batches += 1;
    items += taken.length;
    let results: Settled<Out>[];
    try {
      results = await run(
        taken.map((w) => w.item),
        batches,
      );
    } catch (error) {
      for (const w of taken) w.reject(error);
      return;
    }
    taken.forEach((w, i) => {
      const result = results[i];
      if (result?.ok) w.resolve(result.value);
      else w.reject(result ? result.error : new Error('group commit: no answer for an item'));
    });
  }

  return {
    submit(item) {
      return new Promise<Out>((resolve, reject) => {
        const part = partition(item);
        const queue = queues.get(part) ?? [];
        queue.push({ item, resolve, reject });
        queues.set(part, queue);
        drain(part);
      });
    },
    async flush() {
      while (running.size) await Promise.all(running);
    },
    stats: () => ({ batches, items }),
  };
}
