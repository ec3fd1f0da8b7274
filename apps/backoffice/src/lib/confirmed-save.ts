import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAction } from './action';

/**
 * A settings form saved through a confirmation: `press` (Save) names the field that does not read or
 * opens the confirmation; `apply` sends the update, refreshes `queryKey` and closes it; `edited`
 * clears the last outcome when the operator types again.
 */
export function useConfirmedSave(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);

  async function apply(send: () => Promise<unknown>) {
    const ok = await action.run(async () => {
      await send();
      await queryClient.invalidateQueries({ queryKey });
    });
    if (ok) {
      setConfirming(false);
      setSaved(true);
    }
  }

  return {
    action,
    confirming,
    saved,
    invalid,
    apply,
    press: (parsed: { invalid: string } | object) =>
      'invalid' in parsed ? setInvalid(parsed.invalid) : setConfirming(true),
    cancel: () => setConfirming(false),
    edited: () => {
      setSaved(false);
      setInvalid(null);
    },
  };
}
