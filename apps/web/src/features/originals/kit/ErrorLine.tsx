import { useErrorMessage } from '../../../lib/errors';

/** The translated text of a bet/rotate error (errors:<CODE>), or nothing. */
export function ErrorLine({ error }: { error: unknown }) {
  const message = useErrorMessage();
  if (!error) return null;
  return (
    <p className="og-error" role="alert">
      {message(error)}
    </p>
  );
}
