import { useSession } from '../lib/session';

/**
 * Stores a `?token=` found on the landing URL and strips it from the address bar so it is not
 * bookmarked or shared. Member info then loads through the token-keyed query.
 */
export function consumeLandingToken(
  location: Location = window.location,
  history: History = window.history,
): boolean {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!token) return false;
  params.delete('token');
  const search = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
  useSession.getState().setToken(token);
  return true;
}
