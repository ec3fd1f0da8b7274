import type { MemberRaffle, RaffleSpin } from '@sorte/contracts';
import { floatsAsync, RAFFLE_FLOATS, raffleSegment } from '@sorte/fairness';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/errors';
import { newIdempotencyKey, useIntentKeys } from '../../lib/intent-key';
import { useMoney } from '../../lib/money';
import { sha256Hex, webHmac } from '../../lib/web-crypto';
import { useSpinRaffle } from './api';

/** Segment colours, alternating so neighbours differ in both themes. */
const SEGMENT_COLOURS = [
  'var(--c-accent)',
  'var(--c-surface-3, #3a3f55)',
  'var(--c-primary, #2f6fed)',
  '#c9a227',
];

/** Segment i's colour; the last one skips the first's colour, which it touches round the circle. */
function segmentColour(i: number, count: number): string {
  const n = SEGMENT_COLOURS.length;
  const wrapsOntoFirst = i === count - 1 && i > 0 && i % n === 0;
  return SEGMENT_COLOURS[(wrapsOntoFirst ? i + 1 : i) % n]!;
}

function wheelBackground(count: number): string {
  const step = 360 / count;
  const parts = Array.from(
    { length: count },
    (_, i) => `${segmentColour(i, count)} ${i * step}deg ${(i + 1) * step}deg`,
  );
  return `conic-gradient(${parts.join(', ')})`;
}

/**
 * One raffle: its prizes (a wheel, or cards for a lucky draw), the spins left today and from
 * deposits (with what a deposit needs to give spins), the spin with
 * the player's client seed, and the last spin's proof recomputed in this browser.
 */
export function RaffleCard({ raffle }: { raffle: MemberRaffle }) {
  const { t, i18n } = useTranslation('rewards');
  const money = useMoney();
  const spin = useSpinRaffle();
  const keys = useIntentKeys();
  const errorMessage = useErrorMessage();
  const [clientSeed, setClientSeed] = useState(() => newIdempotencyKey().slice(0, 16));
  const [error, setError] = useState<string | null>(null);
  const [turns, setTurns] = useState(0);
  const last = spin.data?.spin ?? raffle.lastSpins[0] ?? null;
  const name = raffle.names[i18n.language as 'en' | 'pt-BR'] ?? raffle.names.en;
  const prize = (minor: number) => (minor > 0 ? money.format(minor) : t('raffles.tryAgain'));
  const count = raffle.segments.length;
  // The pointer sits on top: turn so the landed segment's middle comes under it, a few turns more each spin.
  const rotation = last ? turns * 1440 - (last.segment + 0.5) * (360 / count) : 0;

  const onSpin = () => {
    setError(null);
    spin.mutate(
      { id: raffle.id, idempotencyKey: keys.keyFor(`spin:${raffle.id}:${raffle.nonce}`), clientSeed },
      {
        onSuccess: () => {
          keys.done();
          setTurns((n) => n + 1);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <article className="rw-raffle" data-testid="raffle">
      <header className="rw-raffle__head">
        <strong>{name}</strong>
        <span className="rw-raffle__left" data-testid="raffle-spins-left">
          {raffle.spinsPerDeposit > 0
            ? `${t('raffles.spinsToday', { count: raffle.dailySpinsLeft })} · ${t('raffles.depositSpins', { count: raffle.depositSpinsLeft })}`
            : t('raffles.spinsLeft', { count: raffle.spinsLeft })}
        </span>
      </header>
      {raffle.kind === 'wheel' ? (
        <div className="rw-wheel" aria-hidden="true">
          <span className="rw-wheel__pointer" />
          <div
            className="rw-wheel__disc"
            style={{ background: wheelBackground(count), transform: `rotate(${rotation}deg)` }}
          >
            {raffle.segments.map((s, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
                key={i}
                className="rw-wheel__label"
                style={{ transform: `rotate(${(i + 0.5) * (360 / count)}deg) translateY(-38%)` }}
              >
                {prize(s.prizeMinor)}
              </span>
            ))}
          </div>
        </div>
      ) : null}
      <ol
        className={`rw-prizes${raffle.kind === 'draw' ? ' rw-prizes--draw' : ''}`}
        aria-label={t('raffles.prizes')}
      >
        {raffle.segments.map((s, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
            key={i}
            className={`rw-prize${last && spin.data && last.segment === i ? ' is-won' : ''}`}
          >
            <span>{prize(s.prizeMinor)}</span>
            <span className="muted">{t('raffles.weight', { weight: s.weight })}</span>
          </li>
        ))}
      </ol>
      {raffle.dailySpinsLeft === 0 && raffle.yesterdayStakeMinor < raffle.minStakeMinor ? (
        <p className="muted cs-footnote rw-note">
          {t('raffles.needStake', { amount: money.format(raffle.minStakeMinor) })}
        </p>
      ) : null}
      {raffle.spinsPerDeposit > 0 ? (
        <p className="cs-footnote rw-note" data-testid="raffle-per-deposit">
          {t('raffles.perDeposit', {
            amount: money.format(raffle.minDepositMinor),
            count: raffle.spinsPerDeposit,
          })}
        </p>
      ) : null}
      <div className="rw-spin">
        <label className="rw-spin__seed">
          <span>{t('raffles.clientSeed')}</span>
          <input
            className="rw-input"
            value={clientSeed}
            maxLength={64}
            onChange={(e) => setClientSeed(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn--primary"
          disabled={raffle.spinsLeft === 0 || spin.isPending || clientSeed.trim() === ''}
          aria-busy={spin.isPending}
          onClick={onSpin}
        >
          {raffle.kind === 'wheel' ? t('raffles.spin') : t('raffles.draw')}
        </button>
      </div>
      <p className="muted cs-footnote rw-note">{t('raffles.commitment', { hash: raffle.commitment })}</p>
      {spin.data ? (
        <p className="cs-feedback rw-result--ok" role="status">
          {spin.data.spin.prizeMinor > 0
            ? t('raffles.won', { amount: money.format(spin.data.spin.prizeMinor) })
            : t('raffles.lost')}
        </p>
      ) : null}
      {error ? (
        <p className="cs-feedback rw-result--error" role="alert">
          {error}
        </p>
      ) : null}
      {last ? <SpinProof spin={last} raffle={raffle} /> : null}
    </article>
  );
}

/** The spin recomputed here: the seed's SHA-256 against the commitment, then HMAC → float → segment. */
function SpinProof({ spin, raffle }: { spin: RaffleSpin; raffle: MemberRaffle }) {
  const { t } = useTranslation('rewards');
  const [check, setCheck] = useState<{ ok: boolean; text: string } | null>(null);
  const verify = async () => {
    try {
      if ((await sha256Hex(spin.serverSeed)) !== spin.commitment.toLowerCase()) {
        setCheck({ ok: false, text: t('verify.commitmentMismatch') });
        return;
      }
      const seeds = { serverSeed: spin.serverSeed, clientSeed: spin.clientSeed, nonce: spin.nonce };
      const [u] = await floatsAsync(webHmac, seeds, RAFFLE_FLOATS);
      // The segments as they are now; an operator's later edit would show as a mismatch, not a false pass.
      const segment = raffleSegment(u!, raffle.segments);
      const ok = segment === spin.segment && raffle.segments[segment]?.prizeMinor === spin.prizeMinor;
      setCheck({
        ok,
        text: ok ? t('verify.ok', { segment: segment + 1 }) : t('verify.mismatch', { segment: segment + 1 }),
      });
    } catch {
      setCheck({ ok: false, text: t('verify.unavailable') });
    }
  };
  return (
    <details className="rw-proof" data-testid="raffle-proof">
      <summary>{t('verify.title')}</summary>
      <dl className="rw-proof__facts">
        <dt>{t('verify.commitment')}</dt>
        <dd className="rw-mono">{spin.commitment}</dd>
        <dt>{t('verify.serverSeed')}</dt>
        <dd className="rw-mono">{spin.serverSeed}</dd>
        <dt>{t('verify.clientSeed')}</dt>
        <dd className="rw-mono">{spin.clientSeed}</dd>
        <dt>{t('verify.nonce')}</dt>
        <dd className="rw-mono">{spin.nonce}</dd>
      </dl>
      <p className="muted cs-footnote rw-note">{t('verify.how')}</p>
      <button type="button" className="btn btn--ghost" onClick={() => void verify()}>
        {t('verify.button')}
      </button>
      {check ? (
        <p className={`cs-feedback rw-result--${check.ok ? 'ok' : 'error'}`} role="status">
          {check.text}
        </p>
      ) : null}
    </details>
  );
}
