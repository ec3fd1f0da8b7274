import { useState } from 'react';
import { useErrorMessage } from './errors';

/**
 * One request an operator starts from a button or form: `busy` while it runs (to disable the button
 * and show "working"), and the translated error when it fails. `run` resolves to whether it worked.
 */
export function useAction() {
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (cause) {
      setError(errorMessage(cause));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}
