import type { LotteryDraw, LotteryFamily, LotteryTicket } from '@sorte/contracts';
import { floatsAsync } from '@sorte/fairness';
import { DRAW_FLOAT_COUNTS, drawFromFloats, playType } from '@sorte/lottery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { sha256Hex, webHmac } from '../../../lib/web-crypto';
import { useLotteryDraw, useLotteryGameName, useLotteryTicket } from '../api';
import { TicketStatusTag } from './MyTickets';
import { RESULT_LENGTH, ResultBalls } from './ResultBalls';
import { SelectionText } from './SelectionText';
import '../lottery.css';

/** The ticket's family, from its play type's code (every code belongs to one family). */
const familyOf = (ticket: LotteryTicket): LotteryFamily | null =>
  (playType(ticket.playType)?.family as LotteryFamily | undefined) ?? null;

/** Row labels of multi-row plays, by family: a unit key `p2:7` reads "Position 2: 7". */
const ROW_LABEL: Record<LotteryFamily, string> = {
  FIVE_DIGIT: 'rows.position',
  THREE_DICE: 'rows.position',
  RACE_10: 'rows.place',
  ELEVEN_FIVE: 'rows.drawn',
};

/** A winning unit's key (`p1:7`, `r2:DRAGON`, `3-5-9`, `BIG`) in the player's words. */
function useUnitName(family: LotteryFamily | null) {
  const { t } = useTranslation('lottery');
  return (key: string) => {
    const option = (value: string) =>
      /^[A-Z_]+$/.test(value) ? t(`options.${value}`, { defaultValue: value }) : value;
    const row = /^[pr](\d+):(.+)$/.exec(key);
    if (row && family) return `${t(ROW_LABEL[family], { n: Number(row[1]) })}: ${option(row[2]!)}`;
    return option(key);
  };
}

/** A ticket opened from "my tickets" or from the betting records, by id. */
export function TicketDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const ticket = useLotteryTicket(id);
  return (
    <Modal name="lottery-ticket" title={t('detail.title')} onClose={onClose} size="sm">
      {ticket.isLoading ? (
        <div className="lt-loading" role="status" aria-busy="true" aria-label={t('loading')} />
      ) : ticket.data ? (
        <TicketFacts ticket={ticket.data} />
      ) : (
        <p className="lt-error" role="alert">
          {t('detail.notFound')}
        </p>
      )}
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

/** What a ticket says and, once drawn, its draw's proof (also the betting records' lottery recall). */
export function TicketFacts({ ticket }: { ticket: LotteryTicket }) {
  const { t, i18n } = useTranslation('lottery');
  const money = useMoney();
  const family = familyOf(ticket);
  const draw = useLotteryDraw(ticket.gameCode, ticket.drawNo);
  const unitName = useUnitName(family);
  const gameName = useLotteryGameName(ticket.gameCode);
  return (
    <div className="lt-detail" data-testid="ticket-detail" data-ticket={ticket.id}>
      <dl className="lt-facts">
        <Row label={t('detail.game')}>
          <span data-testid="detail-game">{gameName}</span>
        </Row>
        <Row label={t('detail.draw')}>{ticket.drawNo}</Row>
        <Row label={t('detail.play')}>{t(`plays.${ticket.playType}`, { defaultValue: ticket.playType })}</Row>
        <Row label={t('detail.selection')}>
          {family ? (
            <SelectionText family={family} playType={ticket.playType} selection={ticket.selection} />
          ) : null}
        </Row>
        <Row label={t('detail.units')}>{ticket.units}</Row>
        <Row label={t('detail.unitStake')}>{money.format(ticket.unitStakeMinor)}</Row>
        <Row label={t('detail.multiple')}>{ticket.multiple}×</Row>
        <Row label={t('detail.stake')}>{money.format(ticket.stakeMinor)}</Row>
        <Row label={t('detail.series')}>{ticket.series}</Row>
        <Row label={t('detail.placedAt')}>{formatDateTime(ticket.createdAt, i18n.language)}</Row>
        {ticket.settledAt ? (
          <Row label={t('detail.settledAt')}>{formatDateTime(ticket.settledAt, i18n.language)}</Row>
        ) : null}
        <Row label={t('detail.status')}>
          <TicketStatusTag status={ticket.status} />
        </Row>
        <Row label={t('detail.result')}>
          {family ? (
            <ResultBalls
              family={family}
              result={ticket.result}
              size="sm"
              placeholderCount={RESULT_LENGTH[family]}
            />
          ) : (
            (ticket.result?.join(' ') ?? '—')
          )}
        </Row>
        <Row label={t('detail.winning')}>
          {ticket.winning.length ? (
            <span className="lt-mono">
              {ticket.winning.map((w) => `${unitName(w.key)} (${money.format(w.payoutMinor)})`).join(', ')}
            </span>
          ) : (
            '—'
          )}
        </Row>
        <Row label={t('detail.payout')}>
          <strong data-testid="detail-payout">{money.format(ticket.payoutMinor)}</strong>
        </Row>
      </dl>
      {draw.data && family ? <DrawProof draw={draw.data} family={family} /> : null}
    </div>
  );
}

type Check = { state: 'idle' | 'running' } | { state: 'done'; ok: boolean; text: string };

/** The draw's commitment and revealed seed, and a check recomputed here with the browser's crypto. */
export function DrawProof({ draw, family }: { draw: LotteryDraw; family: LotteryFamily }) {
  const { t } = useTranslation('lottery');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const verify = async () => {
    if (!draw.serverSeed) return;
    setCheck({ state: 'running' });
    try {
      if ((await sha256Hex(draw.serverSeed)) !== draw.commitment.toLowerCase()) {
        setCheck({ state: 'done', ok: false, text: t('verify.commitmentMismatch') });
        return;
      }
      const seeds = { serverSeed: draw.serverSeed, clientSeed: `${draw.gameCode}:${draw.drawNo}`, nonce: 0 };
      const result = drawFromFloats(family, await floatsAsync(webHmac, seeds, DRAW_FLOAT_COUNTS[family]));
      const ok = draw.result !== null && result.join(',') === draw.result.join(',');
      setCheck({
        state: 'done',
        ok,
        text: ok
          ? t('verify.ok', { result: result.join(' ') })
          : t('verify.resultMismatch', { result: result.join(' ') }),
      });
    } catch {
      setCheck({ state: 'done', ok: false, text: t('verify.unavailable') });
    }
  };
  return (
    <section className="lt-proof" aria-label={t('verify.title')} data-testid="draw-proof">
      <h4>{t('verify.title')}</h4>
      <dl className="lt-facts">
        <Row label={t('verify.commitment')}>
          <span className="lt-mono lt-hash">{draw.commitment}</span>
        </Row>
        <Row label={t('verify.seed')}>
          {draw.serverSeed ? (
            <span className="lt-mono lt-hash">{draw.serverSeed}</span>
          ) : (
            <span className="muted">{t('verify.seedLater')}</span>
          )}
        </Row>
      </dl>
      <p className="muted lt-sub">{t('verify.how', { clientSeed: `${draw.gameCode}:${draw.drawNo}` })}</p>
      {draw.serverSeed ? (
        <button
          type="button"
          className="btn btn--outline btn--block btn--sm"
          onClick={() => void verify()}
          disabled={check.state === 'running'}
        >
          {t('verify.run')}
        </button>
      ) : null}
      {check.state === 'done' ? (
        <p className={check.ok ? 'lt-ok' : 'lt-error'} role="status" data-testid="verify-result">
          {check.text}
        </p>
      ) : null}
    </section>
  );
}
