import type { OperatorRaffle, VipRebateRates } from '@sorte/contracts';
import { raffleExpectedPrize } from '@sorte/fairness';
import { formatMinor } from '@sorte/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The category list straight from its file: the contracts index would also bring zod into this page's bundle.
import { GAME_TYPES } from '../../../../packages/contracts/src/game-types';
import { CategoryRatesTable } from '../components/CategoryRatesTable';
import { ConfirmedSaveRow } from '../components/ConfirmedSaveRow';
import { QueryState } from '../components/Status';
import { api } from '../lib/api';
import { useConfirmedSave } from '../lib/confirmed-save';
import {
  parseRaffleDraft,
  parseVipDraft,
  type RaffleDraft,
  raffleDraftOf,
  VIP_LEVELS,
  type VipDraft,
  vipDraftOf,
} from '../lib/reward-settings';
import { useMerchantCurrency } from './lottery/currency';

const VIP_KEY = ['bo', 'rewards', 'vip-rebates'] as const;
const RAFFLES_KEY = ['bo', 'raffles'] as const;

/**
 * Daily VIP rebates (issue 17 item 5): per VIP level, the percent of a day's valid stake per game
 * category paid into the reward centre the next day. A category with a manual rebate rate is left to
 * the manual rebate (docs/architecture.md, "Reward centre"). Saved after a confirmation; audited.
 */
export function VipRebatesPanel() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const stored = useQuery({
    queryKey: VIP_KEY,
    queryFn: () => api.get<VipRebateRates>('/bo/rewards/vip-rebates'),
  });
  const [level, setLevel] = useState(0);
  const [draft, setDraft] = useState<VipDraft | null>(null);
  const save = useConfirmedSave(VIP_KEY);
  useEffect(() => {
    if (stored.data) setDraft(vipDraftOf(stored.data, level, GAME_TYPES, locale));
  }, [stored.data, level, locale]);
  if (!stored.data || !draft) return <QueryState query={stored} />;
  const parsed = parseVipDraft(draft, stored.data, level);
  const changed = 'rates' in parsed && parsed.rates.length > 0;
  return (
    <div className="panel">
      <p className="muted">{t('settings.vipRebates.intro')}</p>
      <label className="field">
        <span>{t('settings.vipRebates.level')}</span>
        <select
          value={level}
          onChange={(event) => {
            save.edited();
            setLevel(Number(event.target.value));
          }}
        >
          {VIP_LEVELS.map((l) => (
            <option key={l} value={l}>
              VIP {l}
            </option>
          ))}
        </select>
      </label>
      <CategoryRatesTable
        rates={draft}
        rateLabel={t('settings.vipRebates.rate')}
        invalid={save.invalid}
        onChange={(category, text) => {
          save.edited();
          setDraft({ ...draft, [category]: text });
        }}
      />
      <p className="muted small">{t('settings.rebates.hint')}</p>
      <ConfirmedSaveRow
        save={save}
        parsed={parsed}
        changed={changed}
        invalidMessage={save.invalid ? t('settings.rebates.badRate') : null}
        title={t('settings.vipRebates.confirm', { level })}
        onConfirm={() => {
          if ('rates' in parsed)
            void save.apply(() => api.put('/bo/rewards/vip-rebates', { rates: parsed.rates }));
        }}
      >
        <p className="muted small">{t('settings.vipRebates.confirmText')}</p>
      </ConfirmedSaveRow>
    </div>
  );
}

/** The expected prize of one spin, exact num/den, shown in the currency (rounded only for display). */
function expectedText(num: bigint, den: bigint, currency: string, locale: string): string {
  return formatMinor((num + den / 2n) / den, currency, locale);
}

/**
 * Raffles (issue 17 item 6): lucky draws and prize wheels with weighted cash prizes, spins per day and
 * the previous day's valid stake a member needs. The expected prize per spin is shown exactly from
 * the weights while typing. Saved after a confirmation; audited.
 */
export function RafflesPanel() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const currency = useMerchantCurrency();
  const stored = useQuery({
    queryKey: RAFFLES_KEY,
    queryFn: () => api.get<{ raffles: OperatorRaffle[] }>('/bo/raffles'),
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: RaffleDraft } | null>(null);
  const save = useConfirmedSave(RAFFLES_KEY);
  if (!stored.data || !currency) return <QueryState query={stored} />;
  const open = (raffle: OperatorRaffle | null) => {
    save.edited();
    setEditing({ id: raffle?.id ?? null, draft: raffleDraftOf(raffle, currency, locale, new Date()) });
  };
  return (
    <div className="panel">
      <p className="muted">{t('settings.raffles.intro')}</p>
      <table className="table">
        <thead>
          <tr>
            <th>{t('settings.raffles.name')}</th>
            <th>{t('settings.raffles.status')}</th>
            <th>{t('settings.raffles.expected')}</th>
            <th>{t('settings.raffles.spins')}</th>
            <th>{t('settings.raffles.paid')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {stored.data.raffles.map((r) => (
            <tr key={r.id}>
              <td>{locale === 'en' ? r.names.en : r.names['pt-BR']}</td>
              <td>{t(`settings.raffles.statuses.${r.status}`)}</td>
              <td>
                {expectedText(BigInt(r.expectedPrize.num), BigInt(r.expectedPrize.den), currency, locale)}
              </td>
              <td>{r.spins}</td>
              <td>{formatMinor(r.paidMinor, currency, locale)}</td>
              <td>
                <button type="button" className="button" onClick={() => open(r)}>
                  {t('settings.raffles.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {stored.data.raffles.length === 0 ? <p className="muted">{t('settings.raffles.none')}</p> : null}
      <div className="actions">
        <button type="button" className="button" onClick={() => open(null)}>
          {t('settings.raffles.new')}
        </button>
      </div>
      {editing ? (
        <RaffleForm
          key={editing.id ?? 'new'}
          editing={editing}
          currency={currency}
          save={save}
          onDraft={(draft) => {
            save.edited();
            setEditing({ ...editing, draft });
          }}
        />
      ) : null}
    </div>
  );
}

function RaffleForm({
  editing,
  currency,
  save,
  onDraft,
}: {
  editing: { id: number | null; draft: RaffleDraft };
  currency: string;
  save: ReturnType<typeof useConfirmedSave>;
  onDraft: (draft: RaffleDraft) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const d = editing.draft;
  const parsed = parseRaffleDraft(d, currency, locale);
  const field = (name: keyof RaffleDraft, label: string, hint?: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={d[name] as string}
        aria-invalid={save.invalid === name}
        onChange={(event) => onDraft({ ...d, [name]: event.target.value })}
      />
      {hint ? <span className="muted small">{hint}</span> : null}
    </label>
  );
  let expected: string | null = null;
  if ('input' in parsed) {
    const e = raffleExpectedPrize(parsed.input.segments);
    expected = expectedText(e.num, e.den, currency, locale);
  }
  return (
    <fieldset className="panel">
      <legend>{editing.id === null ? t('settings.raffles.new') : t('settings.raffles.edit')}</legend>
      <label className="field">
        <span>{t('settings.raffles.kind')}</span>
        <select
          value={d.kind}
          onChange={(e) => onDraft({ ...d, kind: e.target.value as RaffleDraft['kind'] })}
        >
          <option value="wheel">{t('settings.raffles.kinds.wheel')}</option>
          <option value="draw">{t('settings.raffles.kinds.draw')}</option>
        </select>
      </label>
      <label className="field">
        <span>{t('settings.raffles.status')}</span>
        <select
          value={d.status}
          onChange={(e) => onDraft({ ...d, status: e.target.value as RaffleDraft['status'] })}
        >
          <option value="active">{t('settings.raffles.statuses.active')}</option>
          <option value="paused">{t('settings.raffles.statuses.paused')}</option>
        </select>
      </label>
      {field('nameEn', t('settings.raffles.nameEn'))}
      {field('namePt', t('settings.raffles.namePt'))}
      {field('startsAt', t('settings.raffles.startsAt'), t('settings.raffles.utcHint'))}
      {field('endsAt', t('settings.raffles.endsAt'), t('settings.raffles.utcHint'))}
      {field('spinsPerDay', t('settings.raffles.spinsPerDay'))}
      {field(
        'minStake',
        `${t('settings.raffles.minStake')} (${currency})`,
        t('settings.raffles.minStakeHint'),
      )}
      {field(
        'spinsPerDeposit',
        t('settings.raffles.spinsPerDeposit'),
        t('settings.raffles.spinsPerDepositHint'),
      )}
      {field(
        'minDeposit',
        `${t('settings.raffles.minDeposit')} (${currency})`,
        t('settings.raffles.minDepositHint'),
      )}
      {field('rewardDays', t('settings.raffles.rewardDays'))}
      <table className="table">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('settings.raffles.weight')}</th>
            <th>
              {t('settings.raffles.prize')} ({currency})
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {d.segments.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
            <tr key={i}>
              <td>{i + 1}</td>
              {(['weight', 'prize'] as const).map((part) => (
                <td key={part}>
                  <input
                    inputMode="decimal"
                    aria-label={`${i + 1} — ${t(`settings.raffles.${part}`)}`}
                    aria-invalid={save.invalid === `segment${i}`}
                    value={s[part]}
                    onChange={(e) =>
                      onDraft({
                        ...d,
                        segments: d.segments.map((x, j) => (j === i ? { ...x, [part]: e.target.value } : x)),
                      })
                    }
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="button"
                  disabled={d.segments.length <= 2}
                  onClick={() => onDraft({ ...d, segments: d.segments.filter((_, j) => j !== i) })}
                >
                  {t('settings.raffles.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={d.segments.length >= 24}
          onClick={() => onDraft({ ...d, segments: [...d.segments, { weight: '1', prize: '0' }] })}
        >
          {t('settings.raffles.addSegment')}
        </button>
      </div>
      <p className="muted small">
        {expected
          ? t('settings.raffles.expectedNow', { amount: expected })
          : t('settings.raffles.expectedUnknown')}
      </p>
      <ConfirmedSaveRow
        save={save}
        parsed={parsed}
        changed
        invalidMessage={save.invalid ? t('settings.raffles.invalid') : null}
        title={t('settings.raffles.confirm')}
        onConfirm={() => {
          if (!('input' in parsed)) return;
          const send = () =>
            editing.id === null
              ? api.post('/bo/raffles', parsed.input)
              : api.put(`/bo/raffles/${editing.id}`, parsed.input);
          void save.apply(send);
        }}
      >
        <p className="muted small">{t('settings.raffles.confirmText', { amount: expected ?? '—' })}</p>
      </ConfirmedSaveRow>
    </fieldset>
  );
}
