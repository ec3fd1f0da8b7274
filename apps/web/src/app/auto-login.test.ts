import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session';
import { consumeLandingToken } from './auto-login';

function fakeWindow(href: string) {
  const url = new URL(href);
  const location = { pathname: url.pathname, search: url.search, hash: url.hash } as Location;
  const calls: string[] = [];
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, next: string) => calls.push(next),
  } as unknown as History;
  return { location, history, calls };
}

describe('consumeLandingToken', () => {
  it('stores the token and strips only that parameter from the address', () => {
    const { location, history, calls } = fakeWindow('https://site.test/rng?page=PG&token=abc123#top');
    expect(consumeLandingToken(location, history)).toBe(true);
    expect(useSession.getState().token).toBe('abc123');
    expect(useSession.getState().isLogin).toBe(true);
    expect(calls).toEqual(['/rng?page=PG#top']);
  });

  it('does nothing without a token parameter', () => {
    const { location, history, calls } = fakeWindow('https://site.test/?a=1');
    expect(consumeLandingToken(location, history)).toBe(false);
    expect(calls).toEqual([]);
  });
});
