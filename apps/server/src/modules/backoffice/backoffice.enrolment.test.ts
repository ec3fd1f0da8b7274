import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { enrolmentMessage, parseOperatorArgs, runOperatorCommand } from './backoffice.cli.ts';
import {
  boCall,
  createOperator,
  loginAs,
  operatorLogin,
  TEST_TOTP_SECRET,
  totpCodeFor,
} from './backoffice.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CHOSEN = 'chosen-by-the-operator-1';

/** The token as an operator would take it from the printed link. */
function tokenOfPrinted(message: string): string {
  const match = /\/backoffice\/activate#([A-Za-z0-9_-]+)/.exec(message);
  if (!match) throw new Error(`no link in ${message}`);
  return match[1]!;
}

const enrol = (token: string, password = CHOSEN) =>
  boCall(t, null, 'POST', '/bo/session/enrolment', { token, password });

describe('npm run operator -- create', () => {
  it('makes an operator whose printed one-time link sets the password once; the first sign-in enrols TOTP', async () => {
    const enrolment = await runOperatorCommand(t.ctx, [
      'create',
      '--merchant',
      'demo',
      '--username',
      'Boss',
      '--role',
      'admin',
    ]);
    const { site } = parseOperatorArgs(['create', '--site', 'https://bo.example.com/', '--role=admin']);
    const printed = enrolmentMessage(enrolment, site!);
    expect(printed).toContain('operator "boss" of merchant "demo" (role admin)');
    expect(printed).toContain('https://bo.example.com/backoffice/activate#');
    const token = tokenOfPrinted(printed);
    // Nothing signs the operator in before the link is used.
    for (const password of ['', token, 'admin12345'])
      expect((await loginAs(t, 'boss', { password: password || 'x' })).code).toBe('BO_INVALID_CREDENTIALS');

    const used = await enrol(token);
    expect(used).toMatchObject({ status: 200, value: { merchant: 'demo', username: 'boss' } });
    // Once only.
    expect(await enrol(token, 'another-password-22')).toMatchObject({
      status: 400,
      code: 'BO_ENROLMENT_INVALID',
    });
    const signIn = await loginAs(t, 'boss', { password: CHOSEN });
    expect(signIn).toMatchObject({ status: 200, value: { next: 'enroll' } });
    const me = await boCall(t, signIn.value!.token, 'GET', '/bo/session/me');
    expect(me.value).toMatchObject({ username: 'boss', role: 'admin', totpEnabled: false });
    // Only the SHA-256 of the token is stored, and none once used.
    const row = await t.ctx.db
      .selectFrom('operators')
      .select(['enrolment_token_hash'])
      .where('username', '=', 'boss')
      .executeTakeFirstOrThrow();
    expect(row.enrolment_token_hash).toBeNull();
  });

  it('of two concurrent uses of one link, exactly one sets the password', async () => {
    const enrolment = await runOperatorCommand(t.ctx, [
      'create',
      '--merchant=demo',
      '--username=twice',
      '--role=finance',
    ]);
    const answers = await Promise.all([
      enrol(enrolment.token, 'first-password-111'),
      enrol(enrolment.token, 'second-password-22'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link, a published password, a taken name, an unknown merchant and a bad role', async () => {
    const enrolment = await runOperatorCommand(t.ctx, [
      'create',
      '--merchant=demo',
      '--username=later',
      '--role=support',
    ]);
    expect(await enrol(enrolment.token, 'admin12345')).toMatchObject({
      status: 422,
      code: 'BO_PASSWORD_PUBLISHED',
    });
    t.clock.advance(73 * 3_600_000);
    expect(await enrol(enrolment.token)).toMatchObject({ status: 400, code: 'BO_ENROLMENT_INVALID' });
    await expect(
      runOperatorCommand(t.ctx, ['create', '--merchant=demo', '--username=later', '--role=admin']),
    ).rejects.toMatchObject({ code: 'BO_OPERATOR_EXISTS' });
    await expect(
      runOperatorCommand(t.ctx, ['create', '--merchant=nowhere', '--username=someone', '--role=admin']),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      runOperatorCommand(t.ctx, ['create', '--merchant=demo', '--username=someone', '--role=owner']),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await enrol('not-a-token-at-all-0000000')).toMatchObject({ code: 'BO_ENROLMENT_INVALID' });
  });
});

describe('npm run operator -- reset', () => {
  it('stops the old password and TOTP, ends sessions, and gives a new one-time link', async () => {
    const operator = await createOperator(t, 'finance');
    const before = await loginAs(t, operator.username, {
      totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()),
    });
    expect(before.value?.next).toBe('done');
    const enrolment = await runOperatorCommand(t.ctx, [
      'reset',
      '--merchant=demo',
      `--username=${operator.username}`,
    ]);
    expect((await loginAs(t, operator.username)).code).toBe('BO_INVALID_CREDENTIALS');
    expect((await boCall(t, before.value!.token, 'GET', '/bo/session/me')).code).toBe('BO_UNAUTHENTICATED');
    expect((await enrol(enrolment.token)).status).toBe(200);
    const signIn = await operatorLogin(t, {
      merchant: 'demo',
      username: operator.username,
      password: CHOSEN,
    });
    expect(signIn.json().value.next).toBe('enroll');
  });
});
