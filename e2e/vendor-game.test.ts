import { describe, expect, it } from 'vitest';
import { minorOf, newPage, screenshot } from './harness.ts';
import { useJourney } from './journey.ts';
import { playerApi, signInContext } from './player.ts';

/**
 * A vendor game from the reference vendor (apps/reference-vendor, started beside the server on its
 * own origin) in /game's iframe: the demo player opens it, flips the coin a few times, and each round
 * — debit, credit, end round through the signed seamless-wallet API — moves the balance and shows in
 * the betting records as a settled sorte-ref round, with its recall readable.
 */
const j = useJourney({ demoPlayer: {} });

const api = <T>(path: string) => playerApi<T>(j.server, j.token, 'GET', path);

interface RecordRow {
  vendor: string;
  stakeMinor: number;
  payoutMinor: number;
  status: string;
  recall?: { path: string } | null;
}

describe('reference vendor game', () => {
  for (const phone of [false, true]) {
    it(`launches in /game and its rounds move the balance and fill the records (${phone ? 'phone' : 'desktop'})`, async () => {
      // The game's id, as a lobby tile knows it.
      const launched = await api<{ gameId: number }>(
        '/wps/game/launchGame?vassalage=sorte-ref&gameCode=lucky-card',
      );
      const { context, page } = await newPage(j.browser, { lang: 'pt-BR', phone });
      await signInContext(context, j.token);
      const before = (
        await api<{ list: RecordRow[] }>('/wps/member/records/personalHistoryCopy?vendor=sorte-ref')
      ).list.length;
      await page.goto(`${j.server.url}/game?gameId=${launched.gameId}`);
      const frame = page.frameLocator('iframe');
      await expect.poll(async () => frame.locator('#flip').isEnabled(), { timeout: 20_000 }).toBe(true);
      await expect.poll(async () => frame.locator('h1').textContent()).toBe('Lucky Card');
      await frame.getByRole('button', { name: 'Coroa' }).click();
      await frame.getByRole('button', { name: '5', exact: true }).click();
      for (let i = 0; i < 3; i++) {
        await frame.locator('#flip').click();
        await expect
          .poll(async () => frame.locator('#msg').getAttribute('data-result'), { timeout: 15_000 })
          .toMatch(/won|lost/);
        await expect.poll(async () => frame.locator('#flip').isEnabled()).toBe(true);
      }
      await screenshot(page, `vendor-game-${phone ? 'phone' : 'desktop'}`);
      const shown = minorOf(await frame.locator('#balance').textContent());
      const balance = await api<{ balanceMinor: number; wallets: { kind: string; balanceMinor: number }[] }>(
        '/wps/v2/wallets/balance',
      );
      expect(shown).toBe(balance.wallets.find((w) => w.kind === 'main')!.balanceMinor);
      // The platform's header follows the vendor's rounds live (ledger pushes after each commit).
      await expect
        .poll(async () => minorOf(await page.getByTestId('balance').textContent()))
        .toBe(balance.balanceMinor);

      const after = await api<{ list: RecordRow[] }>(
        '/wps/member/records/personalHistoryCopy?vendor=sorte-ref',
      );
      expect(after.list.length).toBe(before + 3);
      const newest = after.list.slice(0, 3);
      for (const row of newest) {
        expect(row).toMatchObject({ vendor: 'sorte-ref', stakeMinor: 500, status: 'settled' });
        expect([0, 980]).toContain(row.payoutMinor);
      }
      // The newest round's recall, at the path the records give it.
      const recall = await api<{ moves: { kind: string }[] }>(newest[0]!.recall!.path);
      expect(recall.moves.map((m) => m.kind)).toEqual(['debit', 'credit']);
      await context.close();
    });
  }
});
