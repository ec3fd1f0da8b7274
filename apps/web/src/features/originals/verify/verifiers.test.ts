import { createHmac } from 'node:crypto';
import { crashPoint, floats, minePositions } from '@sorte/fairness';
import { unitsToNumber } from '@sorte/money';
import { expect, it } from 'vitest';
import { sha256Hex, webHmac } from '../../../lib/web-crypto';
import { outcomeMatches, VERIFIERS } from './verifiers';

const nodeHmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const serverSeed = 'b0a1c6f3e4d5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff';
const clientSeed = 'player-seed';
const EDGE = 0.01;

// The server's own game table: what POST /wps/originals/<game>/bet computes and records. Imported by
// a computed path so the web type-check does not pull in the server's sources.
const SERVER_BETS = '../../../../../server/src/modules/originals/originals.bets.ts';
const { DICE, KENO, LIMBO, PLINKO, WHEEL } = (await import(/* @vite-ignore */ SERVER_BETS)) as Record<
  'DICE' | 'KENO' | 'LIMBO' | 'PLINKO' | 'WHEEL',
  ServerGame
>;

type ServerGame = {
  floats: number;
  play: (f: number[], p: never, e: number) => { multiplierUnits: bigint; outcome: Record<string, unknown> };
};

/** The same round the server plays: node:crypto HMAC, packages/fairness floats, the server's Game. */
function serverRound(game: ServerGame, params: Record<string, unknown>, nonce: number) {
  return game.play(floats(nodeHmac, { serverSeed, clientSeed, nonce }, game.floats), params as never, EDGE);
}

const cases: {
  game: keyof typeof VERIFIERS;
  server: ServerGame;
  params: Record<string, unknown>;
  input: Record<string, string>;
}[] = [
  {
    game: 'dice',
    server: DICE,
    params: { target: 49.5, direction: 'under' },
    input: { target: '49.5', direction: 'under' },
  },
  {
    game: 'dice',
    server: DICE,
    params: { target: 3.21, direction: 'over' },
    input: { target: '3.21', direction: 'over' },
  },
  { game: 'limbo', server: LIMBO, params: { target: 1.87 }, input: { target: '1.87' } },
  {
    game: 'wheel',
    server: WHEEL,
    params: { segments: 40, risk: 'high' },
    input: { segments: '40', risk: 'high' },
  },
  { game: 'plinko', server: PLINKO, params: { rows: 13, risk: 'low' }, input: { rows: '13', risk: 'low' } },
  { game: 'plinko', server: PLINKO, params: { rows: 16, risk: 'high' }, input: { rows: '16', risk: 'high' } },
  {
    game: 'keno',
    server: KENO,
    params: { picks: [3, 9, 17, 22, 40], risk: 'medium' },
    input: { picks: '3, 9, 17, 22, 40', risk: 'medium' },
  },
];

it('recomputes every single-round game exactly as the server did, nonce by nonce, with Web Crypto', async () => {
  for (const c of cases)
    for (let nonce = 0; nonce < 25; nonce++) {
      const server = serverRound(c.server, c.params, nonce);
      const verifier = VERIFIERS[c.game];
      const browser = await verifier.compute(
        { ...c.input, serverSeed, clientSeed, nonce: String(nonce), houseEdge: '1' },
        webHmac,
      );
      // The multiplier the server pays and answers (its grid units, as the API's number).
      expect(browser.multiplier, `${c.game} #${nonce}`).toBe(unitsToNumber(server.multiplierUnits));
      expect(outcomeMatches(verifier, browser.outcome, server.outcome), `${c.game} #${nonce}`).toBe(true);
      // prefill from the recorded outcome gives back the same inputs
      const back = verifier.fromOutcome(server.outcome);
      for (const [k, v] of Object.entries(back))
        expect(v.replace(/\s/g, '')).toBe(c.input[k]!.replace(/\s/g, ''));
    }
});

it('detects a different outcome (another nonce) as a mismatch', async () => {
  const server = serverRound(DICE, { target: 50.5, direction: 'over' }, 7);
  const browser = await VERIFIERS.dice.compute(
    { target: '50.5', direction: 'over', serverSeed, clientSeed, nonce: '8', houseEdge: '1' },
    webHmac,
  );
  expect(outcomeMatches(VERIFIERS.dice, browser.outcome, server.outcome)).toBe(false);
});

it('compares recorded outcomes whatever order their keys come back in (jsonb reorders them)', () => {
  const computed = { mines: [3], revealed: [{ tile: 1, safe: true }], busted: false };
  const fromJsonb = { busted: false, mines: [3], revealed: [{ safe: true, tile: 1 }] };
  expect(outcomeMatches(VERIFIERS.mines, computed, fromJsonb)).toBe(true);
  expect(
    outcomeMatches(VERIFIERS.mines, computed, { ...fromJsonb, revealed: [{ safe: true, tile: 2 }] }),
  ).toBe(false);
});

type StepGame = {
  floats: (params: Record<string, unknown>, moves: unknown[]) => number;
  play: (
    f: number[],
    params: Record<string, unknown>,
    moves: unknown[],
    edge: number,
  ) => { outcome: () => Record<string, unknown>; multiplierUnits: bigint };
};
const SERVER_STEPS = '../../../../../server/src/modules/originals/multistep.games.ts';
const { MINES, HILO } = (await import(/* @vite-ignore */ SERVER_STEPS)) as Record<'MINES' | 'HILO', StepGame>;

/** A finished multi-step round as the server records it. */
function serverSteps(game: StepGame, params: Record<string, unknown>, moves: unknown[], nonce: number) {
  const draw = floats(nodeHmac, { serverSeed, clientSeed, nonce }, game.floats(params, moves));
  const played = game.play(draw, params, moves, EDGE);
  return { outcome: played.outcome(), multiplier: unitsToNumber(played.multiplierUnits) };
}

it('recomputes mines and hilo rounds exactly as the server recorded them', async () => {
  for (let nonce = 0; nonce < 25; nonce++) {
    const picks = [12, 0, 24, 7];
    const mines = serverSteps(MINES, { mines: 4 }, picks, nonce);
    const input: Record<string, string> = {
      serverSeed,
      clientSeed,
      nonce: String(nonce),
      houseEdge: '1',
      ...VERIFIERS.mines.fromOutcome(mines.outcome),
    };
    expect(input.picks).toBe('12,0,24,7');
    const browserMines = await VERIFIERS.mines.compute(input, webHmac);
    expect(outcomeMatches(VERIFIERS.mines, browserMines.outcome, mines.outcome), `mines #${nonce}`).toBe(
      true,
    );
    expect(browserMines.multiplier).toBe(mines.multiplier);

    // Five moves (a skip among them), each a guess that can go either way, until the first wrong one.
    const moves: string[] = [];
    for (let step = 0; step < 5; step++) {
      const played = serverSteps(HILO, {}, moves, nonce).outcome as {
        start: { value: number };
        steps: { card: { value: number } }[];
      };
      const value = (played.steps.at(-1)?.card ?? played.start).value;
      moves.push(step === 1 ? 'skip' : value <= 7 ? 'higher' : 'lower');
      if (serverSteps(HILO, {}, moves, nonce).outcome.lost) break;
    }
    const hilo = serverSteps(HILO, {}, moves, nonce);
    const hiloInput = {
      serverSeed,
      clientSeed,
      nonce: String(nonce),
      houseEdge: '1',
      ...VERIFIERS.hilo.fromOutcome(hilo.outcome),
    };
    const browserHilo = await VERIFIERS.hilo.compute(hiloInput, webHmac);
    expect(outcomeMatches(VERIFIERS.hilo, browserHilo.outcome, hilo.outcome), `hilo #${nonce}`).toBe(true);
    expect(browserHilo.multiplier).toBe(hilo.multiplier);
  }
  // A board recomputed with another nonce differs.
  const other = await VERIFIERS.mines.compute(
    { serverSeed, clientSeed, nonce: '99', mines: '4', picks: '12,0,24,7' },
    webHmac,
  );
  expect(
    outcomeMatches(
      VERIFIERS.mines,
      other.outcome,
      serverSteps(MINES, { mines: 4 }, [12, 0, 24, 7], 0).outcome,
    ),
  ).toBe(false);
});

it('mines without picks and crash follow packages/fairness on node:crypto', async () => {
  const seeds = { serverSeed, clientSeed, nonce: 4 };
  const mines = await VERIFIERS.mines.compute({ ...seeds, nonce: '4', mines: '5' }, webHmac);
  expect(mines.outcome.mines).toEqual(minePositions(floats(nodeHmac, seeds, 24), 5));
  const hash = 'a'.repeat(64);
  const crash = await VERIFIERS.crash.compute({ gameHash: hash, salt: 'salt', houseEdge: '1' }, webHmac);
  expect(crash.outcome.crashPoint).toBe(crashPoint(nodeHmac, hash, 'salt', 0.01));
});

it('hashes the server seed like node:crypto and refuses bad inputs', async () => {
  const { createHash } = await import('node:crypto');
  expect(await sha256Hex(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
  await expect(
    VERIFIERS.dice.compute({ serverSeed, clientSeed, nonce: '-1', target: '50', direction: 'over' }, webHmac),
  ).rejects.toThrow(RangeError);
  await expect(
    VERIFIERS.dice.compute(
      { serverSeed, clientSeed, nonce: '1', target: '99.5', direction: 'under' },
      webHmac,
    ),
  ).rejects.toThrow(RangeError);
});
