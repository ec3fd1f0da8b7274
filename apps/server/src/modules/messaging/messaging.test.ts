import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, OPERATOR_KEY, registerUser } from '../auth/auth.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({});
});
afterAll(() => t?.close());

const op = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-operator-key': OPERATOR_KEY },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

interface Popup {
  id: string;
  title: string;
  content: string;
  version: number;
}
const popups = async (token?: string, language?: string): Promise<Popup[]> => {
  const r = await call(t, {
    method: 'GET',
    url: `/wps/announcements/popups${language ? `?language=${language}` : ''}`,
    token,
  });
  expect(r.status).toBe(200);
  return r.value.list;
};
const seen = (token: string | undefined, id: string, payload: unknown) =>
  call(t, { method: 'POST', url: `/wps/announcements/${id}/seen`, token, payload });

async function createPopup(body: Record<string, unknown>): Promise<string> {
  const r = await op('POST', '/bo/merchants/demo/announcements', {
    type: 'PU',
    title: { 'pt-BR': 'Novidade', en: 'News' },
    content: { 'pt-BR': '<p>Olá</p>', en: '<p>Hello</p>' },
    ...body,
  });
  expect(r.statusCode).toBe(200);
  return r.json().value.id;
}

describe('popup announcements', () => {
  it('gives a visitor the popups in effect in the asked language, falling back to the merchant’s', async () => {
    const id = await createPopup({
      title: { 'pt-BR': 'Só em português' },
      content: { 'pt-BR': '<p>pt</p>' },
    });
    const pt = await popups(undefined, 'pt-BR');
    expect(pt.map((p) => p.title)).toContain('Bem-vindo à Sorte'); // the demo's welcome popup
    expect((await popups(undefined, 'en')).map((p) => p.title)).toContain('Welcome to Sorte');
    // No English text: the merchant's default language (pt-BR) is shown.
    expect((await popups(undefined, 'en')).find((p) => p.id === id)?.title).toBe('Só em português');
    expect(pt.every((p) => Number.isInteger(p.version))).toBe(true);
    // Other types are not popups.
    const all = (await call(t, { method: 'GET', url: '/wps/announcements?pageSize=100' })).value.list;
    const nonPopup = all.find((a: { type: string }) => a.type !== 'PU');
    expect(pt.some((p) => p.id === nonPopup.id)).toBe(false);
    await op('DELETE', `/bo/merchants/demo/announcements/${id}`);
  });

  it('shows a popup only inside its time window', async () => {
    const now = t.clock.now().getTime();
    const later = await createPopup({
      startTime: new Date(now + 3_600_000).toISOString(),
      endTime: new Date(now + 7_200_000).toISOString(),
    });
    expect((await popups()).some((p) => p.id === later)).toBe(false);
    t.clock.advance(3_600_000 + 1000);
    expect((await popups()).some((p) => p.id === later)).toBe(true);
    t.clock.advance(3_600_000);
    expect((await popups()).some((p) => p.id === later)).toBe(false);
  });

  it('opens once per member, and again once the operator changes it', async () => {
    const id = await createPopup({});
    const a = (await registerUser(t, 'popupreadera')).session.token;
    const b = (await registerUser(t, 'popupreaderb')).session.token;
    const first = (await popups(a)).find((p) => p.id === id);
    expect(first).toBeDefined();
    expect((await seen(a, id, { version: first?.version })).status).toBe(200);
    expect((await popups(a)).some((p) => p.id === id)).toBe(false);
    // Seen twice, or with an older version, changes nothing.
    expect((await seen(a, id, { version: 0 })).status).toBe(200);
    expect((await popups(a)).some((p) => p.id === id)).toBe(false);
    // Another member has not seen it.
    expect((await popups(b)).some((p) => p.id === id)).toBe(true);
    // Changed: it opens again, with its new text.
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await op('PUT', `/bo/merchants/demo/announcements/${id}`, { title: { en: 'News, updated' } }))
        .statusCode,
    ).toBe(200);
    const again = (await popups(a, 'en')).find((p) => p.id === id);
    expect(again?.title).toBe('News, updated');
    expect(again?.version).toBeGreaterThan(first?.version ?? 0);
    // A version from the future counts as the current one only: the next change still shows.
    expect((await seen(a, id, { version: Number.MAX_SAFE_INTEGER })).status).toBe(200);
    expect((await popups(a)).some((p) => p.id === id)).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    await op('PUT', `/bo/merchants/demo/announcements/${id}`, { sortOrder: 3 });
    expect((await popups(a)).some((p) => p.id === id)).toBe(true);
  });

  it('refuses bad calls with 4xx', async () => {
    const token = (await registerUser(t, 'popupreaderc')).session.token;
    const id = await createPopup({});
    expect((await seen(undefined, id, { version: 1 })).status).toBe(401);
    expect((await call(t, { method: 'GET', url: '/wps/announcements/popups', token: 'nope' })).status).toBe(
      401,
    );
    expect((await seen(token, 'not-a-uuid', { version: 1 })).status).toBe(400);
    expect((await seen(token, id, { version: 'x' })).status).toBe(400);
    expect((await seen(token, id, { version: -1 })).status).toBe(400);
    expect((await seen(token, id, {})).status).toBe(400);
    expect((await seen(token, '6b1f7d4e-8c1a-4f6e-9d2b-3a5c7e9f1b2d', { version: 1 })).status).toBe(404);
    // Only popups are remembered.
    const all = (await call(t, { method: 'GET', url: '/wps/announcements?pageSize=100' })).value.list;
    const banner = all.find((a: { type: string }) => a.type === 'B');
    const refused = await seen(token, banner.id, { version: 1 });
    expect(refused.status).toBe(404);
    expect(refused.code).toBe('NOT_FOUND');
    expect(
      (await call(t, { method: 'GET', url: '/wps/announcements/popups?language=xxxxxxxxxx' })).status,
    ).toBe(400);
  });
});
