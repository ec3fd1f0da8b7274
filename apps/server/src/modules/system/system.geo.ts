import { BlockList, isIP } from 'node:net';
import type { RegionLists } from './system.tables.ts';

type GeoIp = { lookup(ip: string): { country: string } | null };
let geo: Promise<GeoIp> | undefined;

/**
 * Country of an IP from geoip-lite's offline database. Loaded on first use (it takes ~100 ms and
 * ~100 MB), i.e. only once some merchant turns region restriction on. Loopback and private
 * addresses have no country and come back null.
 */
export async function countryOf(ip: string): Promise<string | null> {
  geo ??= import('geoip-lite').then((m) => (m.default ?? m) as GeoIp);
  const found = (await geo).lookup(stripMapped(ip));
  return found?.country || null;
}

/** "::ffff:1.2.3.4" is how an IPv4 caller looks on a dual-stack socket. */
function stripMapped(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** Accepts "1.2.3.4", "2001:db8::1", "10.0.0.0/8", "2001:db8::/32"; anything else is refused. */
export function isIpOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.slice(0, 1_000)) {
    if (!isIpOrCidr(entry)) continue;
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function listHas(entries: string[], ip: string): boolean {
  if (!entries.length) return false;
  const address = stripMapped(ip);
  const family = isIP(address);
  if (!family) return false;
  return blockListOf(entries).check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Region rule, most specific first: an IP deny entry refuses, an IP allow entry admits, then the
 * country lists decide. A caller with no known country (loopback, private network, unmapped) is
 * admitted by the country lists — only IP entries can refuse it.
 */
export function regionAllows(region: RegionLists, ip: string, country: string | null): boolean {
  if (listHas(region.denyIps, ip)) return false;
  if (listHas(region.allowIps, ip)) return true;
  if (country === null) return true;
  if (region.denyCountries.includes(country)) return false;
  if (region.allowCountries.length > 0) return region.allowCountries.includes(country);
  return true;
}
