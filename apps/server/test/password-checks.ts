/**
 * Counts every password hash comparison the server makes, for the burst tests (issue 12): a test file
 * swaps the real module for a counting one with
 *
 *   vi.mock('<path>/modules/auth/passwords.ts', async (real) =>
 *     (await import('<path>/test/password-checks.ts')).countingPasswords(await real()));
 *
 * and `burst` sends requests at once with the comparisons held until every request has either reached
 * one or been answered, so the order in which the attempts are reserved does not depend on how fast
 * argon2 happens to be, and the counts a test asserts are exact.
 */
type Passwords = typeof import('../src/modules/auth/passwords.ts');

interface State {
  /** Passwords compared since the last reset, in order (the dummy check of unknown accounts too). */
  checked: string[];
  /** Held comparisons wait for this. */
  gate: Promise<void> | null;
  /** Called on every comparison and answer while a burst is held. */
  onProgress: (() => void) | null;
}

export const passwordChecks: State = { checked: [], gate: null, onProgress: null };

export function countingPasswords(real: Passwords): Passwords {
  async function held(password: string): Promise<void> {
    passwordChecks.checked.push(password);
    passwordChecks.onProgress?.();
    await passwordChecks.gate;
  }
  return {
    ...real,
    async verifyPassword(hash, password) {
      await held(password);
      return real.verifyPassword(hash, password);
    },
    async verifyAgainstDummy(password) {
      await held(password);
      return real.verifyAgainstDummy(password);
    },
  };
}

/**
 * Sends `count` requests at once and answers them in order. No comparison finishes before every request
 * has reached its comparison or been answered without one; the counter starts at zero.
 */
export async function burst<T>(count: number, send: (i: number) => Promise<T>): Promise<T[]> {
  passwordChecks.checked = [];
  let answered = 0;
  let open!: () => void;
  passwordChecks.gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  // Before the gate opens no request that reached a comparison can answer, so the sum is exact.
  const progress = () => {
    if (passwordChecks.checked.length + answered >= count) open();
  };
  passwordChecks.onProgress = progress;
  try {
    return await Promise.all(
      Array.from({ length: count }, (_, i) =>
        send(i).finally(() => {
          answered += 1;
          progress();
        }),
      ),
    );
  } finally {
    passwordChecks.gate = null;
    passwordChecks.onProgress = null;
  }
}
