import { formatMultiplier } from '../../lib/multiplier';
import type { VnBetTypeCode } from '@sorte/contracts';
import { parseAmountInput } from '@sorte/money';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/money';
import type { VnMenuBetType, VnMenuRegion } from './api';
import { NumberPicker } from './NumberPicker';
import type { Digits } from './numbers';
import { priceDraft, type VnDraft, type VnStake } from './slip';

interface BetBuilderProps {
  region: VnMenuRegion;
  /** False until a draw is chosen: the builder still works, adding waits for a draw. */
  canAdd: boolean;
  onAdd: (draft: VnDraft, units: number, costMinor: bigint) => void;
}

const POINT_STEPS = [1, 5, 10, 50];

/** Bet type, numbers and points (or the stake per slot), priced as the server prices them. */
export const BetBuilder = memo(function BetBuilder({ region, canAdd, onAdd }: BetBuilderProps) {
  const { t } = useTranslation('vnlottery');
  const { format, currency, locale } = useMoney();
  const [betType, setBetType] = useState<VnBetTypeCode>('lo2');
  const [numbers, setNumbers] = useState<string[]>([]);
  const [points, setPoints] = useState('1');
  const [amount, setAmount] = useState('');
  const info = region.betTypes.find((b) => b.betType === betType) ?? region.betTypes[0];

  // A region that does not sell the chosen type falls back to its first one.
  useEffect(() => {
    if (info && info.betType !== betType) setBetType(info.betType);
  }, [info, betType]);

  if (!info) return null;
  const digits = info.digits as Digits;
  const perSlot = info.pricing === 'perSlot';

  const stake: VnStake = perSlot
    ? { amountMinor: amountMinorOf(amount, currency, locale) }
    : { points: /^\d+$/.test(points.trim()) ? Number(points.trim()) : Number.NaN };
  const draft: VnDraft = { betType: info.betType, numbers, stake };
  const priced = numbers.length ? priceDraft(draft, region) : null;

  const choose = (next: VnMenuBetType) => {
    if (next.digits !== info.digits) setNumbers([]);
    else setNumbers((list) => list.slice(0, next.maxNumbers));
    setBetType(next.betType);
  };

  return (
    <div className="vn-builder">
      <section className="vn-card">
        <h3 className="vn-subtitle">{t('betTypes.label')}</h3>
        <div className="vn-types">
          {region.betTypes.map((type) => (
            <button
              key={type.betType}
              type="button"
              aria-pressed={type.betType === info.betType}
              className={type.betType === info.betType ? 'vn-type is-active' : 'vn-type'}
              data-testid={`vn-type-${type.betType}`}
              onClick={() => choose(type)}
            >
              <span className="vn-type__name">{t(`betTypes.${type.betType}.name`)}</span>
              <span className="vn-type__rate">{shortRate(type)}</span>
            </button>
          ))}
        </div>
        <div className="vn-type-help">
          <p>{t(`betTypes.${info.betType}.help`)}</p>
          <p className="vn-type-help__rate" data-testid="vn-rate">
            {info.rate.kind === 'perPoint'
              ? t('rate.perPoint', {
                  price: format(info.rate.pricePerPointMinor),
                  payout: format(info.rate.payoutPerPointMinor),
                })
              : t('rate.perSlot', {
                  slots: info.slots ?? 0,
                  multiplier: (info.rate.payoutHundredths / 100).toLocaleString(locale),
                })}
          </p>
          <p className="vn-muted" data-testid="vn-limits">
            {t('limits.perTicket', { min: format(info.minStakeMinor), max: format(info.maxStakeMinor) })}
          </p>
        </div>
      </section>

      <section className="vn-card">
        <NumberPicker digits={digits} max={info.maxNumbers} value={numbers} onChange={setNumbers} />
      </section>

      <section className="vn-card vn-stake">
        {perSlot ? (
          <label className="vn-field">
            <span className="vn-label">{t('stake.amount')}</span>
            <input
              className="vn-input"
              inputMode="decimal"
              value={amount}
              placeholder={format(100, false)}
              data-testid="vn-amount"
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
        ) : (
          <div className="vn-field">
            <label className="vn-label" htmlFor="vn-points">
              {info.betType.startsWith('xien') ? t('stake.pointsXien') : t('stake.points')}
            </label>
            <div className="vn-points">
              <input
                id="vn-points"
                className="vn-input"
                inputMode="numeric"
                value={points}
                data-testid="vn-points"
                onChange={(e) => setPoints(e.target.value.replace(/\D/g, '').slice(0, 7))}
              />
              {POINT_STEPS.map((step) => (
                <button key={step} type="button" className="vn-pill" onClick={() => setPoints(String(step))}>
                  {step}
                </button>
              ))}
            </div>
          </div>
        )}
        <dl className="vn-summary">
          <div>
            <dt>{t('stake.units')}</dt>
            <dd data-testid="vn-units">{priced?.ok ? priced.units : '–'}</dd>
          </div>
          <div>
            <dt>{t('stake.cost')}</dt>
            <dd data-testid="vn-cost">{priced?.ok ? format(priced.costMinor) : '–'}</dd>
          </div>
          <div>
            <dt>{t('stake.winPerHit')}</dt>
            <dd>{priced?.ok ? format(priced.winPerHitMinor) : '–'}</dd>
          </div>
        </dl>
        {priced && !priced.ok ? (
          <p className="vn-error" role="alert" data-testid="vn-issue">
            {t(`issues.${priced.issue.code}`, priced.issue)}
          </p>
        ) : null}
        {priced?.ok && priced.limit ? (
          <p className="vn-error" role="alert" data-testid="vn-issue">
            {t(`limits.${priced.limit.code}`, { limit: format(priced.limit.limitMinor) })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!canAdd || !priced?.ok || priced.limit !== null}
          data-testid="vn-add"
          onClick={() => {
            if (!priced?.ok || priced.limit) return;
            onAdd(draft, priced.units, priced.costMinor);
            setNumbers([]);
          }}
        >
          {t('stake.add')}
        </button>
      </section>
    </div>
  );
});

/** A stake typed in the player's notation ("1.234,50" in pt-BR); anything unreadable is 0 (refused by the rules). */
function amountMinorOf(text: string, currency: string, locale: string): bigint {
  const parsed = parseAmountInput(text, currency, locale);
  return parsed?.ok ? parsed.minor : 0n;
}

/** What a win pays against what a point (or slot) costs, as a multiple: lô at 23 ăn 80 reads ×3.48. */
function shortRate(type: VnMenuBetType): string {
  if (type.rate.kind === 'perSlot')
    return formatMultiplier(type.rate.payoutHundredths / 100, { exact: true });
  return formatMultiplier(type.rate.payoutPerPointMinor / type.rate.pricePerPointMinor, { exact: true });
}
