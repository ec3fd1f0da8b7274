import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertDomains, insertMerchant } from './system.repository.ts';

const KEY = 'test-operator-key-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: KEY });
});
afterAll(() => t?.close());

const setStatus = (payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/bo/merchants/demo/status',
    headers: { 'x-operator-key': KEY },
    payload,
  });
const statusFrom = async (remoteAddress: string) =>
  (await t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress })).json().value;
const memberCall = (remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: '/wps/member/info',
    remoteAddress,
    headers: { 'accept-language': 'en' },
  });

describe('merchant resolution by domain', () => {
  it('picks the merchant owning the host, else the default merchant', async () => {
    const id = await insertMerchant(t.ctx.db, {
      code: 'acme',
      brand_name: 'Acme Bets',
      logo_url: '/x.svg',
      theme: '{}',
    });
    await insertDomains(t.ctx.db, id, ['acme.example']);
    const acme = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'acme.example' },
    });
    expect(acme.json().value).toMatchObject({
      merchantCode: 'acme',
      brandName: 'Acme Bets',
      currencySymbol: '$',
    });
    const other = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'unknown.example' },
    });
    expect(other.json().value.merchantCode).toBe('demo');
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'acme.example', merchant: 'demo' },
    });
    expect(byHeader.json().value.merchantCode).toBe('demo');
    const domains = await t.app.inject({ method: 'GET', url: '/wps/system/domainRoute' });
    expect(domains.json().value.domainList).toEqual(['127.0.0.1', 'localhost']);
  });
});

describe('system status', () => {
  it('is 0 normally', async () => {
    expect(await statusFrom('8.8.8.8')).toMatchObject({ status: 0, maintenanceEndTime: null, ip: '8.8.8.8' });
  });

  it('reports maintenance with its end time and refuses player calls, but not system calls', async () => {
    const until = '2030-01-01T10:00:00.000Z';
    expect((await setStatus({ status: 1, maintenanceEndTime: until })).statusCode).toBe(200);
    expect(await statusFrom('127.0.0.1')).toMatchObject({ status: 1, maintenanceEndTime: until });
    const refused = await memberCall();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'SYSTEM_MAINTENANCE',
      message: 'The system is under maintenance.',
    });
    const write = await t.app.inject({ method: 'POST', url: '/wps/session/login', payload: {} });
    expect(write.statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await setStatus({ status: 0 });
    expect(await statusFrom('127.0.0.1')).toMatchObject({ status: 0, maintenanceEndTime: null });
    expect((await memberCall()).statusCode).not.toBe(503);
  });

  it('restricts by country list (geoip) and admits private addresses', async () => {
    await setStatus({ status: 2, allowCountries: ['BR'], denyCountries: [] });
    expect(await statusFrom('8.8.8.8')).toMatchObject({ status: 2, country: 'US' });
    expect(await statusFrom('200.147.67.142')).toMatchObject({ status: 0, country: 'BR' });
    expect(await statusFrom('127.0.0.1')).toMatchObject({ status: 0, country: null });
    const refused = await memberCall('8.8.8.8');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REGION_RESTRICTED', details: { country: 'US' } });
  });

  it('restricts by IP list, CIDR included, before the country lists', async () => {
    await setStatus({
      status: 2,
      allowCountries: [],
      denyCountries: ['US'],
      allowIps: ['8.8.8.0/24'],
      denyIps: ['10.0.0.0/8'],
    });
    expect((await statusFrom('8.8.8.8')).status).toBe(0);
    expect((await statusFrom('8.8.4.4')).status).toBe(2);
    expect((await statusFrom('10.1.2.3')).status).toBe(2);
    expect((await statusFrom('192.168.1.1')).status).toBe(0);
    const bad = await setStatus({ denyIps: ['not-an-ip'] });
    expect(bad.statusCode).toBe(422);
    await setStatus({ status: 0 });
    expect((await statusFrom('8.8.4.4')).status).toBe(0);
  });
});
