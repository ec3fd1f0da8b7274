import { linkKind } from '@sorte/contracts';
import type { Config } from '../../platform/config/config.ts';
import { fieldErrors } from '../../platform/http/app-error.ts';

/**
 * The contracts let an operator set http links, which development set-ups serve; a production site is
 * https, where an http link is mixed content a network can rewrite. So in production every text of a
 * brand or banner change that reads as an http URL is refused, naming its field.
 */
export function refuseHttpLinks(config: Config, change: object): void {
  if (config.NODE_ENV !== 'production') return;
  const field = httpLinkAt(change, '');
  if (field !== null) throw fieldErrors([{ field: field || '_', key: 'https_required' }]);
}

function httpLinkAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return linkKind(value) === 'http' ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = httpLinkAt(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}
