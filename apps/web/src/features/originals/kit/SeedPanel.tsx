import { clientSeed as clientSeedSchema } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoginGate } from '../../../lib/login-gate';
import { ErrorLine } from './ErrorLine';
import { useFairness, useRotateSeeds } from './fairness';
import { useRecentStore } from './recent';
import { verifyHref, verifyRoundHref } from './verify-link';

/**
 * Provable fairness of the player's active pair: the hashed server seed (the commitment shown
 * before any bet), the client seed (the player's; a new one takes effect when rotating), the next
 * nonce. Rotating reveals the old server seed, with a link that verifies its last round.
 */
export function SeedPanel({ game }: { game: string }) {
  const { t } = useTranslation('originals');
  const { isLogin, requireLogin } = useLoginGate();
  const fairness = useFairness();
  const rotate = useRotateSeeds();
  const [nextSeed, setNextSeed] = useState('');
  const seedCheck = nextSeed === '' ? null : clientSeedSchema.safeParse(nextSeed);
  const revealed = rotate.data?.revealed;
  // The pair's last round of this session, when there is one: its verifier link carries the choices too.
  const lastRound = useRecentStore((st) =>
    revealed ? st.rounds.find((r) => r.serverSeedHash === revealed.serverSeedHash) : undefined,
  );

  return (
    <section className="og-panel og-seeds" data-testid="seed-panel">
      <h2 className="og-panel__title">{t('kit.fairness')}</h2>
      {!isLogin ? (
        <p className="og-muted">
          <button type="button" className="og-link" onClick={requireLogin}>
            {t('kit.loginForSeeds')}
          </button>
        </p>
      ) : (
        <>
          <SeedRow label={t('kit.serverSeedHash')} value={fairness.data?.serverSeedHash} testId="seed-hash" />
          <SeedRow label={t('kit.clientSeed')} value={fairness.data?.clientSeed} testId="client-seed" />
          <SeedRow
            label={t('kit.nonce')}
            value={fairness.data ? String(fairness.data.nonce) : undefined}
            testId="nonce"
          />
          <label className="og-field">
            <span className="og-field__label">{t('kit.newClientSeed')}</span>
            <input
              className="og-input"
              value={nextSeed}
              maxLength={64}
              placeholder={t('kit.newClientSeedHint')}
              aria-invalid={seedCheck !== null && !seedCheck.success}
              onChange={(e) => setNextSeed(e.target.value.trim())}
            />
          </label>
          {seedCheck !== null && !seedCheck.success ? (
            <p className="og-error">{t('kit.clientSeedInvalid')}</p>
          ) : null}
          <button
            type="button"
            className="og-btn"
            data-testid="rotate"
            disabled={rotate.isPending || (seedCheck !== null && !seedCheck.success)}
            onClick={() =>
              rotate.mutate(nextSeed || undefined, {
                onSuccess: () => setNextSeed(''),
              })
            }
          >
            {rotate.isPending ? t('kit.rotating') : t('kit.rotate')}
          </button>
          <ErrorLine error={rotate.error ?? fairness.error} />
          {revealed ? (
            <div className="og-revealed" data-testid="revealed">
              <p className="og-revealed__title">{t('kit.revealedTitle')}</p>
              <SeedRow label={t('kit.serverSeed')} value={revealed.serverSeed} testId="revealed-seed" />
              <SeedRow label={t('kit.serverSeedHash')} value={revealed.serverSeedHash} />
              <SeedRow label={t('kit.clientSeed')} value={revealed.clientSeed} />
              <SeedRow label={t('kit.betsMade')} value={String(revealed.nonceCount)} />
              {revealed.nonceCount > 0 ? (
                <Link
                  className="og-link"
                  data-testid="verify-last"
                  to={
                    lastRound
                      ? verifyRoundHref(lastRound.id)
                      : verifyHref({
                          game,
                          serverSeed: revealed.serverSeed,
                          clientSeed: revealed.clientSeed,
                          nonce: revealed.nonceCount - 1,
                        })
                  }
                >
                  {t('kit.verifyLast')}
                </Link>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function SeedRow({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <div className="og-seedrow">
      <span className="og-seedrow__label">{label}</span>
      <code className="og-seedrow__value" data-testid={testId}>
        {value ?? '…'}
      </code>
    </div>
  );
}
