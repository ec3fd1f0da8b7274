import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness.ts';

type Lang = 'pt-BR' | 'en';
const cache = new Map<string, Record<string, unknown>>();

/** The site's own catalogs, so journeys find controls by the words a player sees in each language. */
export function t(
  lang: Lang,
  namespace: string,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  return lookup(join(ROOT, 'apps/web/src/locales', lang, `${namespace}.json`), key, vars);
}

/** The back office's catalog (one namespace), for the operator's side of a journey. */
export function tBackoffice(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  return lookup(join(ROOT, 'apps/backoffice/src/locales', lang, 'common.json'), key, vars);
}

function lookup(file: string, key: string, vars: Record<string, string | number>): string {
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  let node: unknown = cache.get(file);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`missing ${key} in ${file}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
