import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import en from '../../locales/en/cashier.json';
import ptBR from '../../locales/pt-BR/cashier.json';
import { pinErrorText } from './pin-errors';

async function translator(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    ns: ['cashier'],
    defaultNS: 'cashier',
    resources: { en: { cashier: en }, 'pt-BR': { cashier: ptBR } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'cashier');
}

describe('withdrawal password refusals in words', () => {
  const now = new Date(2026, 10, 26, 14, 5, 0);
  const lockedUntil = new Date(2026, 10, 26, 14, 30, 0);
  const locked = new ApiError('CASHIER_WITHDRAWAL_PASSWORD_LOCKED', 'Too many…', 429, {
    lockedUntil: lockedUntil.toISOString(),
    retryAfterSeconds: 1500,
  });

  it('a lock says until when and in how many minutes, in English and Portuguese', async () => {
    expect(pinErrorText(locked, await translator('en'), 'en', now)).toMatch(
      /locked until 0?2:30\s?PM \(in 25 minutes\)/,
    );
    expect(pinErrorText(locked, await translator('pt-BR'), 'pt-BR', now)).toMatch(
      /bloqueada até 14:30 \(daqui a 25 minutos\)/,
    );
  });

  it('a wrong password says the tries left; other errors are not its business', async () => {
    const t = await translator('en');
    const wrong = new ApiError('CASHIER_WITHDRAWAL_PASSWORD_WRONG', 'Wrong', 400, { attemptsLeft: 1 });
    expect(pinErrorText(wrong, t, 'en', now)).toBe(
      'Wrong withdrawal password. 1 try left before it locks for 30 minutes.',
    );
    expect(pinErrorText(new ApiError('RATE_LIMITED', 'x', 429), t, 'en', now)).toBeUndefined();
    expect(pinErrorText(new Error('x'), t, 'en', now)).toBeUndefined();
  });
});
