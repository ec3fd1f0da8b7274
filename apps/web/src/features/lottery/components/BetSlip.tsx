import type { LotteryFamily } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { type ChasePlan, chaseFactors, MAX_CHASE_DRAWS, type SlipLine, slipTotalMinor } from '../slip';
import { SelectionText } from './SelectionText';

export interface BetSlipProps {
  family: LotteryFamily;
  lines: SlipLine[];
  onRemove: (id: string) => void;
  onClear: () => void;
  chase: ChasePlan | null;
  onChase: (plan: ChasePlan | null) => void;
  maxChaseDraws: number;
  onSubmit: () => void;
  submitting: boolean;
  /** Betting on the open draw has closed (or there is none): submitting waits for the next one. */
  closed: boolean;
  error: string | null;
}

/** The slip: its selections, the chase option, the total for every draw and the submit button. */
export function BetSlip(props: BetSlipProps) {
  const { t } = useTranslation('lottery');
  const money = useMoney();
  const { lines, chase } = props;
  const once = slipTotalMinor(lines, null);
  const total = slipTotalMinor(lines, chase);
  const maxDraws = Math.max(2, Math.min(MAX_CHASE_DRAWS, props.maxChaseDraws));
  const factors = chase ? chaseFactors(chase) : [];
  return (
    <section className="lt-slip" aria-labelledby="lt-slip-title" data-testid="bet-slip">
      <header className="lt-slip__head">
        <h2 id="lt-slip-title">{t('slip.title', { count: lines.length })}</h2>
        {lines.length > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={props.onClear}
            data-testid="slip-clear"
          >
            {t('slip.clear')}
          </button>
        ) : null}
      </header>
      {lines.length === 0 ? (
        <p className="muted lt-slip__empty">{t('slip.empty')}</p>
      ) : (
        <ul className="lt-slip__lines">
          {lines.map((line) => (
            <li key={line.id} className="lt-slip__line" data-testid="slip-line">
              <div>
                <strong>{t(`plays.${line.playType}`)}</strong>
                <SelectionText family={props.family} playType={line.playType} selection={line.selection} />
                <span className="muted lt-sub">
                  {t('slip.lineFigures', {
                    units: line.units,
                    unit: money.format(line.unitStakeMinor),
                    multiple: line.multiple,
                  })}
                </span>
              </div>
              <div className="lt-slip__line-end">
                <strong>{money.format(line.stakeMinor)}</strong>
                <button
                  type="button"
                  className="lt-remove"
                  aria-label={t('slip.remove')}
                  onClick={() => props.onRemove(line.id)}
                >
                  ×
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="lt-chase">
        <label className="lt-check">
          <input
            type="checkbox"
            checked={chase !== null}
            data-testid="chase-toggle"
            onChange={(e) =>
              props.onChase(e.target.checked ? { draws: 5, stopOnWin: true, mode: 'constant' } : null)
            }
          />
          <span>{t('chase.title')}</span>
        </label>
        {chase ? (
          <div className="lt-chase__body">
            <label className="lt-field">
              <span>{t('chase.draws')}</span>
              <input
                type="number"
                inputMode="numeric"
                min={2}
                max={maxDraws}
                value={chase.draws}
                data-testid="chase-draws"
                onChange={(e) => {
                  const draws = Math.max(2, Math.min(maxDraws, Math.floor(Number(e.target.value) || 2)));
                  props.onChase({ ...chase, draws });
                }}
              />
            </label>
            <label className="lt-check">
              <input
                type="checkbox"
                checked={chase.stopOnWin}
                onChange={(e) => props.onChase({ ...chase, stopOnWin: e.target.checked })}
              />
              <span>{t('chase.stopOnWin')}</span>
            </label>
            <div className="lt-seg" aria-label={t('chase.multiplier')} role="toolbar">
              {(['constant', 'double'] as const).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  aria-pressed={chase.mode === mode}
                  className={`lt-seg__item${chase.mode === mode ? ' is-on' : ''}`}
                  onClick={() => props.onChase({ ...chase, mode })}
                >
                  {t(`chase.${mode}`)}
                </button>
              ))}
            </div>
            <p className="muted lt-sub">
              {t('chase.factors', {
                list: factors.slice(0, 6).join(' · ') + (factors.length > 6 ? ' …' : ''),
              })}
            </p>
          </div>
        ) : null}
      </div>
      <dl className="lt-slip__totals">
        <div>
          <dt>{t('slip.perDraw')}</dt>
          <dd>{money.format(once)}</dd>
        </div>
        <div className="lt-slip__total">
          <dt>{chase ? t('slip.totalChase', { count: chase.draws }) : t('slip.total')}</dt>
          <dd data-testid="slip-total">{money.format(total)}</dd>
        </div>
      </dl>
      {props.error ? (
        <p className="lt-error" role="alert" data-testid="bet-error">
          {props.error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block btn--lg"
        disabled={lines.length === 0 || props.submitting || props.closed}
        aria-busy={props.submitting}
        onClick={props.onSubmit}
        data-testid="slip-submit"
      >
        {props.closed ? t('slip.waitNext') : props.submitting ? t('slip.submitting') : t('slip.submit')}
      </button>
    </section>
  );
}
