import { formatMultiplier } from '../../../lib/multiplier';
import type {
  BetRecord,
  CrashRound,
  LotteryTicket,
  OriginalRound,
  SportsBet,
  VendorRoundRecall,
  VnTicketView,
} from '@sorte/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { QueryState } from '../../../components/ui/QueryState';
import { type RoundRecall, useRoundRecall } from '../api';
import { useRecordNames } from '../names';
import { StatusTag } from './StatusTag';
import { profitClass, signed } from './TotalsStrip';

/**
 * How a lottery ticket is drawn: each lottery feature owns its ticket's facts, and features import no
 * other feature, so the screen that places the records (the member centre, in app/) passes them in.
 */
export interface TicketViews {
  lottery: ComponentType<{ ticket: LotteryTicket }>;
  lotteryVn: ComponentType<{ ticket: VnTicketView }>;
}

/**
 * A round opened from the betting records: what the record says, then its recall from the game's
 * own module — an in-house round's outcome, seeds, nonce, balances and verifier link; the shared
 * crash round's point and hash; a vendor round's debits, credits and rollbacks; a lottery ticket.
 */
export function RoundDetail({
  record,
  onClose,
  tickets,
}: {
  record: BetRecord;
  onClose: () => void;
  tickets: TicketViews;
}) {
  const { t, i18n } = useTranslation('records');
  const money = useMoney();
  const names = useRecordNames();
  const recall = useRoundRecall(record);
  return (
    <Modal
      name="round-detail"
      title={t('detail.title', { game: names.game(record) })}
      onClose={onClose}
      // A Vietnamese ticket brings its draw's results board, which needs the room its own page gives it.
      size={record.recall?.kind === 'lottery_vn' ? 'lg' : 'sm'}
    >
      <dl className="cs-summary cs-summary--detail">
        <Row label={t('detail.game')}>
          {names.game(record)} · {names.vendor(record.vendor)}
        </Row>
        <Row label={t('detail.category')}>{names.category(record.category)}</Row>
        <Row label={t('detail.placedAt')}>{formatDateTime(record.placedAt, i18n.language)}</Row>
        {record.settledAt ? (
          <Row label={t('detail.settledAt')}>{formatDateTime(record.settledAt, i18n.language)}</Row>
        ) : null}
        <Row label={t('detail.stake')}>{money.format(record.stakeMinor)}</Row>
        <Row label={t('detail.payout')}>{money.format(record.payoutMinor)}</Row>
        <Row label={t('detail.profit')}>
          <span className={profitClass(record.profitMinor)}>
            {signed(money.format(record.profitMinor), record.profitMinor)}
          </span>
        </Row>
        <Row label={t('detail.status')}>
          <StatusTag status={record.status} />
        </Row>
        {record.recall && record.recall.kind !== 'originals' ? (
          <Row label={t('detail.reference')}>
            <span className="cs-mono">{record.recall.ref}</span>
          </Row>
        ) : null}
      </dl>
      {recall.fetchStatus !== 'idle' || recall.data || recall.error ? (
        <QueryState isLoading={recall.isLoading} error={recall.error} onRetry={() => void recall.refetch()}>
          {recall.data ? <Recall recall={recall.data} tickets={tickets} record={record} /> : null}
        </QueryState>
      ) : null}
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every kind of recall: its title, its facts as a summary list, then what the kind adds below. */
function RecallSection({ summary, children }: { summary: React.ReactNode; children?: React.ReactNode }) {
  const { t } = useTranslation('records');
  return (
    <section className="rc-recall" aria-label={t('detail.recall')}>
      <h4 className="rc-recall__title">{t('detail.recall')}</h4>
      <dl className="cs-summary cs-summary--detail">{summary}</dl>
      {children}
    </section>
  );
}

/** A seed or hash: monospace, wrapping anywhere. */
function Hash({ children }: { children: string }) {
  return <span className="cs-mono rc-seed">{children}</span>;
}

function Recall({
  recall,
  tickets,
  record,
}: {
  recall: RoundRecall;
  tickets: TicketViews;
  record: BetRecord;
}) {
  switch (recall.kind) {
    case 'originals':
      return <OriginalsRecall round={recall.round} />;
    case 'crash':
      return <CrashRecall round={recall.round} />;
    case 'vendor':
      return <VendorRecall round={recall.round} />;
    case 'lottery': {
      const TicketFacts = tickets.lottery;
      // A fast-draw ticket: its selection, result, winning units and the draw's proof.
      return (
        <RecallSection summary={null}>
          <TicketFacts ticket={recall.round} />
        </RecallSection>
      );
    }
    case 'sportsbook':
      return (
        <SportsBetRecall bet={recall.round} section={record.category === 'ESPORTS' ? 'esports' : 'sports'} />
      );
    case 'lottery_vn': {
      const VnTicketFacts = tickets.lotteryVn;
      // A Vietnamese ticket: its bet, hits and payout, and its draw's board with the hits marked.
      return (
        <RecallSection summary={null}>
          <VnTicketFacts ticket={recall.round} />
        </RecallSection>
      );
    }
  }
}

/** Decimal odds × 1000 as the sportsbook writes them: two places, a third when it counts (1.70, 2.164). */
function decimalOdds(odds: number): string {
  const places = String(odds % 1000).padStart(3, '0');
  return `${Math.floor(odds / 1000)}.${places.endsWith('0') ? places.slice(0, 2) : places}`;
}

/**
 * A sportsbook bet: each leg's event, pick and result at the odds taken, what cash-outs paid, and a
 * link to the bet in My bets (the sportsbook's own screen, with its cash-out while it is open).
 */
function SportsBetRecall({ bet, section }: { bet: SportsBet; section: 'sports' | 'esports' }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const tab = bet.status === 'open' ? 'open' : 'settled';
  return (
    <RecallSection
      summary={
        <>
          <Row label={t('detail.betStatus')}>{t(`betStatus.${bet.status}`)}</Row>
          {bet.cashedOutMinor > 0 ? (
            <Row label={t('detail.cashedOut')}>{money.format(bet.cashedOutMinor)}</Row>
          ) : null}
        </>
      }
    >
      <ol className="rc-moves" aria-label={t('detail.selections')}>
        {bet.legs.map((leg) => (
          <li key={`${leg.eventId}:${leg.market}:${leg.specifiers}:${leg.outcome}`}>
            <span>
              <strong>{leg.event ? `${leg.event.home} – ${leg.event.away}` : leg.eventId}</strong>
              <span className="muted rc-sub">{t(`legStatus.${leg.status}`)}</span>
            </span>
            <span className="rc-num">
              <strong>{decimalOdds(leg.odds)}</strong>
            </span>
          </li>
        ))}
      </ol>
      <Link
        className="btn btn--primary btn--block rc-verify"
        data-testid="record-my-bets"
        to={`/${section}?bets=${tab}&bet=${encodeURIComponent(bet.id)}`}
      >
        {t('detail.openInMyBets')}
      </Link>
    </RecallSection>
  );
}

/** The shared crash round: its point and, once it busted, the hash anyone can check. */
function CrashRecall({ round }: { round: CrashRound }) {
  const { t } = useTranslation('records');
  return (
    <RecallSection
      summary={
        <>
          <Row label={t('detail.gameNumber')}>{round.gameNumber}</Row>
          <Row label={t('detail.crashPoint')}>
            {round.crashPoint === null ? t('detail.notYet') : formatMultiplier(round.crashPoint)}
          </Row>
          <Row label={t('detail.roundHash')}>
            {round.hash === null ? t('detail.notYet') : <Hash>{round.hash}</Hash>}
          </Row>
        </>
      }
    />
  );
}

/** A vendor round as the seamless-wallet calls left it: each bet, win and rollback in order. */
function VendorRecall({ round }: { round: VendorRoundRecall }) {
  const { t, i18n } = useTranslation('records');
  const money = useMoney();
  return (
    <RecallSection summary={<Row label={t('detail.roundStatus')}>{t(`roundStatus.${round.status}`)}</Row>}>
      <ol className="rc-moves" aria-label={t('detail.moves')}>
        {round.moves.map((move) => (
          <li key={`${move.kind}:${move.txnId}`} className={move.rolledBack ? 'rc-moves__undone' : undefined}>
            <span>
              <span>
                <strong>{t(`moves.${move.kind}`)}</strong>
                {move.rolledBack ? <span className="muted"> · {t('moves.rolledBack')}</span> : null}
              </span>
              <span className="muted rc-sub">{formatDateTime(move.at, i18n.language)}</span>
            </span>
            <span className="rc-num">
              <strong>{money.format(move.kind === 'debit' ? -move.amountMinor : move.amountMinor)}</strong>
              <span className="muted rc-sub">
                {t('moves.balanceAfter', { amount: money.format(move.balanceAfterMinor) })}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </RecallSection>
  );
}

/** The in-house round as its game stored it. */
function OriginalsRecall({ round }: { round: OriginalRound }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  return (
    <RecallSection
      summary={
        <>
          {Object.entries(round.outcome).map(([key, value]) => (
            <Row key={key} label={t(`outcome.${key}`, { defaultValue: key })}>
              {outcomeValue(value, t)}
            </Row>
          ))}
          <Row label={t('detail.multiplier')}>{formatMultiplier(round.multiplier)}</Row>
          <Row label={t('detail.balanceBefore')}>{money.format(round.balanceBeforeMinor)}</Row>
          <Row label={t('detail.balanceAfter')}>{money.format(round.balanceAfterMinor)}</Row>
          <Row label={t('detail.serverSeedHash')}>
            <Hash>{round.serverSeedHash}</Hash>
          </Row>
          <Row label={t('detail.clientSeed')}>
            <Hash>{round.clientSeed}</Hash>
          </Row>
          <Row label={t('detail.nonce')}>{round.nonce}</Row>
        </>
      }
    >
      <Link
        className="btn btn--primary btn--block rc-verify"
        to={`/verify?round=${encodeURIComponent(round.id)}`}
      >
        {t('detail.verify')}
      </Link>
      <p className="muted rc-hint">{t('detail.verifyHint')}</p>
    </RecallSection>
  );
}

/** An outcome field as text: lists joined, yes/no for flags, named choices translated, objects as compact JSON. */
function outcomeValue(
  value: unknown,
  t: (key: string, options?: { defaultValue: string }) => string,
): string {
  if (typeof value === 'boolean') return value ? t('detail.yes') : t('detail.no');
  // Choices such as 'under' or 'high' read in the player's language.
  if (typeof value === 'string') return t(`values.${value}`, { defaultValue: value });
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value ?? '—');
}
