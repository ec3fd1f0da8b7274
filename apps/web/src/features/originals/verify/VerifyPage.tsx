import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useLoginGate } from '../../../lib/login-gate';
import { useSession } from '../../../lib/session';
import { sha256Hex, webHmac } from '../../../lib/web-crypto';
import {
  ErrorLine,
  type OriginalRound,
  fetchRound,
  formatMultiplier,
  originalsKeys,
  useRevealedSeeds,
} from '../kit';
import {
  type VerifyGame,
  type VerifyInput,
  type VerifyResult,
  VERIFIERS,
  VERIFY_GAMES,
  isVerifyGame,
  outcomeMatches,
} from './verifiers';
import './verify.css';

const SEED_FIELDS = ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce'] as const;

function initialInput(game: VerifyGame, query: URLSearchParams): VerifyInput {
  const input: VerifyInput = {};
  for (const f of VERIFIERS[game].fields) input[f.name] = query.get(f.name) ?? f.initial;
  for (const name of SEED_FIELDS) input[name] = query.get(name) ?? (name === 'nonce' ? '0' : '');
  return input;
}

/**
 * /verify: recomputes a round in the browser (Web Crypto + packages/fairness) from the seeds and the
 * game's choices, and checks the revealed server seed against the hash published before play.
 * `?round=<id>` prefills from one of the player's rounds; its server seed is known once rotated.
 */
export function VerifyPage() {
  const { t } = useTranslation('originals');
  const [query] = useSearchParams();
  const roundId = query.get('round');
  const token = useSession((s) => s.token);
  const { isLogin, requireLogin } = useLoginGate();
  const findRevealed = useRevealedSeeds((s) => s.find);
  const [game, setGame] = useState<VerifyGame>(() =>
    isVerifyGame(query.get('game')) ? (query.get('game') as VerifyGame) : 'dice',
  );
  const [input, setInput] = useState<VerifyInput>(() => initialInput(game, query));

  const round = useQuery({
    queryKey: originalsKeys.round(token, roundId ?? ''),
    queryFn: ({ signal }) => fetchRound(roundId ?? '', signal),
    enabled: Boolean(token && roundId),
  });

  // A loaded round prefills everything it knows; the server seed comes from this tab's rotations.
  useEffect(() => {
    const r = round.data;
    if (!r || !isVerifyGame(r.game)) return;
    const g = r.game;
    setGame(g);
    setInput({
      ...initialInput(g, new URLSearchParams()),
      ...VERIFIERS[g].fromOutcome(r.outcome),
      clientSeed: r.clientSeed,
      nonce: String(r.nonce),
      serverSeedHash: r.serverSeedHash,
      serverSeed: findRevealed(r.serverSeedHash)?.serverSeed ?? '',
    });
  }, [round.data, findRevealed]);

  const verifier = VERIFIERS[game];
  const [result, setResult] = useState<{ ok: VerifyResult } | { error: string } | null>(null);
  const [hash, setHash] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (verifier.seeded && !input.serverSeed) {
      setResult(null);
      setHash(null);
      return;
    }
    verifier
      .compute(input, webHmac)
      .then((ok) => live && setResult({ ok }))
      .catch((e: unknown) => live && setResult({ error: e instanceof Error ? e.message : String(e) }));
    if (verifier.seeded && input.serverSeed) void sha256Hex(input.serverSeed).then((h) => live && setHash(h));
    return () => {
      live = false;
    };
  }, [verifier, input]);

  const loaded: OriginalRound | undefined = round.data && round.data.game === game ? round.data : undefined;
  const matches = useMemo(
    () =>
      loaded && result && 'ok' in result ? outcomeMatches(verifier, result.ok.outcome, loaded.outcome) : null,
    [loaded, result, verifier],
  );
  const hashOk = hash && input.serverSeedHash ? hash === input.serverSeedHash.trim().toLowerCase() : null;
  const set = (name: string, value: string) => setInput((prev) => ({ ...prev, [name]: value }));
  const switchGame = (g: VerifyGame) => {
    setGame(g);
    setInput((prev) => {
      const next = initialInput(g, new URLSearchParams());
      for (const name of SEED_FIELDS) next[name] = prev[name] ?? '';
      return next;
    });
  };

  return (
    <div className="og-page verify-page" data-testid="verify-page">
      <div className="og-titlebar">
        <h1 className="og-title">{t('verify.title')}</h1>
      </div>
      <p className="og-muted verify-intro">{t('verify.intro')}</p>
      {roundId ? (
        <div className="og-panel verify-round">
          {!isLogin ? (
            <button type="button" className="og-link" onClick={requireLogin}>
              {t('verify.loginForRound')}
            </button>
          ) : round.isPending ? (
            <p className="og-muted">{t('verify.loadingRound', { id: roundId })}</p>
          ) : round.error ? (
            <ErrorLine error={round.error} />
          ) : round.data ? (
            <RoundSummary round={round.data} />
          ) : null}
          {loaded && !input.serverSeed ? (
            <p className="verify-warn" data-testid="verify-unrevealed">
              {t('verify.unrevealed')}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="verify-grid">
        <section className="og-panel verify-form">
          <label className="og-field">
            <span className="og-field__label">{t('verify.game')}</span>
            <select
              className="og-input"
              value={game}
              data-testid="verify-game"
              onChange={(e) => switchGame(e.target.value as VerifyGame)}
            >
              {VERIFY_GAMES.map((g) => (
                <option key={g} value={g}>
                  {t(`games.${g}`)}
                </option>
              ))}
            </select>
          </label>
          {verifier.seeded ? (
            <>
              <TextField
                label={t('verify.serverSeed')}
                name="serverSeed"
                input={input}
                set={set}
                placeholder={t('verify.serverSeedHint')}
              />
              <TextField label={t('verify.serverSeedHash')} name="serverSeedHash" input={input} set={set} />
              <TextField label={t('verify.clientSeed')} name="clientSeed" input={input} set={set} />
              <TextField label={t('verify.nonce')} name="nonce" input={input} set={set} numeric />
            </>
          ) : null}
          {verifier.fields.map((f) =>
            f.kind === 'select' ? (
              <label className="og-field" key={f.name}>
                <span className="og-field__label">{t(f.label)}</span>
                <select
                  className="og-input"
                  value={input[f.name] ?? f.initial}
                  data-testid={`verify-${f.name}`}
                  onChange={(e) => set(f.name, e.target.value)}
                >
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {t(o.label, { defaultValue: o.label })}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <TextField
                key={f.name}
                label={t(f.label)}
                name={f.name}
                input={input}
                set={set}
                numeric={f.kind === 'number'}
              />
            ),
          )}
        </section>
        <section className="og-panel verify-result" data-testid="verify-result">
          <h2 className="og-panel__title">{t('verify.result')}</h2>
          {verifier.seeded && hash ? (
            <div className="og-seedrow">
              <span className="og-seedrow__label">{t('verify.hashOf')}</span>
              <code className="og-seedrow__value">{hash}</code>
            </div>
          ) : null}
          {hashOk !== null ? (
            <p className={hashOk ? 'verify-ok' : 'verify-bad'} data-testid="verify-hash">
              {hashOk ? '✓ ' : '✗ '}
              {hashOk ? t('verify.hashMatches') : t('verify.hashMismatch')}
            </p>
          ) : null}
          {verifier.seeded && !input.serverSeed ? (
            <p className="og-muted">{t('verify.missingSeed')}</p>
          ) : null}
          {result && 'error' in result ? (
            <p className="og-error">{t('verify.invalid', { reason: result.error })}</p>
          ) : null}
          {result && 'ok' in result ? (
            <>
              {result.ok.lines.map((line) => (
                <div className="og-seedrow" key={line.label}>
                  <span className="og-seedrow__label">{t(line.label)}</span>
                  <code className="og-seedrow__value verify-value" data-testid={`verify-line-${line.label}`}>
                    {line.value}
                  </code>
                </div>
              ))}
              {result.ok.multiplier !== undefined ? (
                <div className="og-seedrow">
                  <span className="og-seedrow__label">{t('verify.multiplier')}</span>
                  <code className="og-seedrow__value verify-value">
                    {formatMultiplier(result.ok.multiplier, { digits: 4, exact: true })}
                  </code>
                </div>
              ) : null}
            </>
          ) : null}
          {matches !== null ? (
            <p
              className={matches ? 'verify-ok verify-big' : 'verify-bad verify-big'}
              data-testid="verify-verdict"
            >
              {matches ? '✓ ' : '✗ '}
              {matches ? t('verify.confirmed') : t('verify.mismatch')}
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function TextField({
  label,
  name,
  input,
  set,
  numeric,
  placeholder,
}: {
  label: string;
  name: string;
  input: VerifyInput;
  set: (name: string, value: string) => void;
  numeric?: boolean;
  placeholder?: string;
}) {
  return (
    <label className="og-field">
      <span className="og-field__label">{label}</span>
      <input
        className="og-input verify-mono"
        inputMode={numeric ? 'decimal' : undefined}
        spellCheck={false}
        autoComplete="off"
        value={input[name] ?? ''}
        placeholder={placeholder}
        data-testid={`verify-${name}`}
        onChange={(e) => set(name, e.target.value.trim())}
      />
    </label>
  );
}

function RoundSummary({ round }: { round: OriginalRound }) {
  const { t, i18n } = useTranslation('originals');
  return (
    <div className="verify-summary">
      <strong>{t('verify.round', { id: round.id })}</strong>
      <span>{isVerifyGame(round.game) ? t(`games.${round.game}`) : round.game}</span>
      <span>{formatMultiplier(round.multiplier)}</span>
      <span className="og-muted">{formatDateTime(round.createdAt, i18n.language)}</span>
    </div>
  );
}
