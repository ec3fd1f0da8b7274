import {
  CARNAVAL_MAX_WIN,
  CARNAVAL_RTP,
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS_AWARD,
  SLOT_FREE_SPINS_CAP,
  SLOT_LINE_COUNT,
  SLOT_LINES,
  SLOT_PAYTABLE,
  SLOT_SCATTER_PAYS,
  type SlotLineSymbol,
} from '@sorte/fairness';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { LINE_COLOURS } from './Reels';
import { unitsToMinor } from './slot-view';
import { SymbolArt } from './symbols';

const PAYING: SlotLineSymbol[] = ['mask', 'parrot', 'drum', 'feather', 'pineapple', 'a', 'k', 'q', 'j'];

/** The paytable and rules: pays at the current bet, wild and scatter, the 20 lines, free spins, RTP. */
export function Paytable({ stake, onClose }: { stake: bigint; onClose: () => void }) {
  const { t, i18n } = useTranslation('slot');
  const { format } = useMoney();
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 }).format(
    CARNAVAL_RTP,
  );
  const maxWin = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(CARNAVAL_MAX_WIN);
  const pay = (units: number) => format(unitsToMinor(stake, units));
  useEffect(() => {
    const close = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);

  return (
    <div
      className="cd-modal"
      role="dialog"
      aria-modal="true"
      aria-label={t('paytable.title')}
      data-testid="slot-paytable"
    >
      <div className="cd-modal__panel">
        <header className="cd-modal__head">
          <h2>{t('paytable.title')}</h2>
          <button type="button" className="cd-icon-btn" onClick={onClose} aria-label={t('paytable.close')}>
            ✕
          </button>
        </header>
        <p className="cd-modal__lead">{t('paytable.lead', { lines: SLOT_LINE_COUNT })}</p>

        <section className="cd-pt-specials">
          <div className="cd-pt-special">
            <div className="cd-pt-icon">
              <SymbolArt symbol="wild" label={t('symbols.wild')} />
            </div>
            <div>
              <h3>{t('symbols.wild')}</h3>
              <p>{t('paytable.wild')}</p>
            </div>
          </div>
          <div className="cd-pt-special">
            <div className="cd-pt-icon">
              <SymbolArt symbol="scatter" label={t('symbols.scatter')} />
            </div>
            <div>
              <h3>{t('symbols.scatter')}</h3>
              <p>{t('paytable.scatter')}</p>
              <PayRows pays={SLOT_SCATTER_PAYS.map((x) => x * SLOT_LINE_COUNT)} pay={pay} />
            </div>
          </div>
        </section>

        <section className="cd-pt-grid">
          {PAYING.map((symbol) => (
            <div key={symbol} className="cd-pt-card">
              <div className="cd-pt-icon">
                <SymbolArt symbol={symbol} label={t(`symbols.${symbol}`)} />
              </div>
              <PayRows pays={SLOT_PAYTABLE[symbol]} pay={pay} />
            </div>
          ))}
        </section>

        <section>
          <h3>{t('paytable.freeSpinsTitle')}</h3>
          <p>
            {t('paytable.freeSpins', {
              three: SLOT_FREE_SPINS_AWARD[0],
              four: SLOT_FREE_SPINS_AWARD[1],
              five: SLOT_FREE_SPINS_AWARD[2],
              multiplier: SLOT_FREE_SPIN_MULTIPLIER,
              cap: SLOT_FREE_SPINS_CAP,
            })}
          </p>
        </section>

        <section>
          <h3>{t('paytable.linesTitle', { lines: SLOT_LINE_COUNT })}</h3>
          <p>{t('paytable.lines')}</p>
          <div className="cd-pt-lines">
            {SLOT_LINES.map((rows, line) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are numbered by position
              <figure key={line} className="cd-pt-line">
                <svg viewBox="0 0 50 30" aria-hidden="true">
                  {Array.from({ length: 15 }, (_, i) => (
                    <rect
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed 5×3 grid
                      key={i}
                      x={(i % 5) * 10 + 1}
                      y={Math.floor(i / 5) * 10 + 1}
                      width="8"
                      height="8"
                      rx="1.5"
                      className={rows[i % 5] === Math.floor(i / 5) ? 'is-on' : ''}
                      style={
                        rows[i % 5] === Math.floor(i / 5)
                          ? { fill: LINE_COLOURS[line % LINE_COLOURS.length] }
                          : undefined
                      }
                    />
                  ))}
                </svg>
                <figcaption>{line + 1}</figcaption>
              </figure>
            ))}
          </div>
        </section>

        <section>
          <h3>{t('paytable.rulesTitle')}</h3>
          <ul className="cd-pt-rules">
            <li>{t('paytable.ruleBet', { lines: SLOT_LINE_COUNT })}</li>
            <li>{t('paytable.ruleLines')}</li>
            <li>{t('paytable.ruleFair')}</li>
            <li>{t('paytable.ruleMalfunction')}</li>
          </ul>
          <p className="cd-pt-rtp" data-testid="slot-rtp">
            {t('paytable.rtp', { rtp: pct })} · {t('paytable.maxWin', { max: maxWin })}
          </p>
          <p className="cd-pt-note">{t('paytable.rtpNote')}</p>
        </section>
      </div>
    </div>
  );
}

function PayRows({ pays, pay }: { pays: readonly number[]; pay: (units: number) => string }) {
  return (
    <dl className="cd-pt-pays">
      {pays.map((units, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: 3, 4 and 5 of a kind
        <div key={i}>
          <dt>{i + 3}×</dt>
          <dd>{pay(units)}</dd>
        </div>
      ))}
    </dl>
  );
}
