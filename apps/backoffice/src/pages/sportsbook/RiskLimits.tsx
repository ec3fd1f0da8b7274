import { useTranslation } from 'react-i18next';
import { type LimitsDraft, SPORTS_MARKET_TYPES, SPORTS_SPORTS } from '../../lib/sportsbook';

type PairsKey = 'sports' | 'markets';

/** The key of a line added to a list of the form: one past the highest (stable while lines come and go). */
export const nextRow = (lines: Array<{ row: number }>) => Math.max(-1, ...lines.map((x) => x.row)) + 1;

/** A small button of a list of the form (remove a line, add one), shown only to who may trade. */
export function ListButton({
  trade,
  label,
  onClick,
  own = false,
}: {
  trade: boolean;
  label: string;
  onClick: () => void;
  /** On a line of its own (the list's "add"). */
  own?: boolean;
}) {
  if (!trade) return null;
  const button = (
    <button type="button" className="button button--small" onClick={onClick}>
      {label}
    </button>
  );
  return own ? <div>{button}</div> : button;
}

interface FormProps {
  draft: LimitsDraft;
  edit: (next: LimitsDraft) => void;
  trade: boolean;
  invalid: string | null;
  currency: string;
}

/**
 * Max stake and max payout per sport or per market type: one line per key, empty meaning "no limit
 * of its own" (the others apply; the strictest wins).
 */
export function LimitPairsTable({ of, draft, edit, trade, invalid, currency }: FormProps & { of: PairsKey }) {
  const { t } = useTranslation();
  const keys: readonly string[] = of === 'sports' ? SPORTS_SPORTS : SPORTS_MARKET_TYPES;
  const pairs = draft[of] as Record<string, { maxStake: string; maxPayout: string }>;
  const name = (key: string) => t(of === 'sports' ? `sportsbook.sports.${key}` : `sportsbook.markets.${key}`);
  return (
    <div className="table-wrap">
      <table className="table table--cards sb-limits__sports">
        <thead>
          <tr>
            <th>{t(of === 'sports' ? 'sportsbook.events.sport' : 'sportsbook.limits.marketType')}</th>
            <th>
              {t('sportsbook.limits.maxStake')} ({currency})
            </th>
            <th>
              {t('sportsbook.limits.maxPayout')} ({currency})
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <td className="sb-limits__sport">{name(key)}</td>
              {(['maxStake', 'maxPayout'] as const).map((field) => (
                <td key={field} data-label={t(`sportsbook.limits.${field}`)}>
                  <input
                    inputMode="decimal"
                    value={pairs[key]![field]}
                    disabled={!trade}
                    placeholder={t(
                      of === 'sports' ? 'sportsbook.limits.merchantValue' : 'sportsbook.limits.noLimit',
                    )}
                    aria-label={`${name(key)} — ${t(`sportsbook.limits.${field}`)}`}
                    aria-invalid={invalid === `${of}.${key}.${field}`}
                    onChange={(event) =>
                      edit({
                        ...draft,
                        [of]: { ...pairs, [key]: { ...pairs[key]!, [field]: event.target.value } },
                      })
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Liability caps per outcome: for every outcome, or those of a sport, a market type or both. A bet
 * that would take an outcome's liability over the strictest cap that applies is refused.
 */
export function LiabilityCapsPanel({ draft, edit, trade, invalid, currency }: FormProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<LimitsDraft['caps'][number]>) =>
    edit({ ...draft, caps: draft.caps.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  return (
    <div className="panel">
      <h2>{t('sportsbook.limits.caps')}</h2>
      <p className="muted small">{t('sportsbook.limits.capsHint')}</p>
      {draft.caps.map((c, index) => (
        <div className="toolbar sb-limits__player" key={c.row}>
          <label className="field field--inline">
            <span>{t('sportsbook.events.sport')}</span>
            <select
              value={c.sport}
              disabled={!trade}
              aria-invalid={invalid === `caps.${index}.sport`}
              onChange={(event) => change(index, { sport: event.target.value as typeof c.sport })}
            >
              <option value="">{t('sportsbook.limits.anySport')}</option>
              {SPORTS_SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {t(`sportsbook.sports.${sport}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field field--inline">
            <span>{t('sportsbook.limits.marketType')}</span>
            <select
              value={c.market}
              disabled={!trade}
              aria-invalid={invalid === `caps.${index}.sport`}
              onChange={(event) => change(index, { market: event.target.value as typeof c.market })}
            >
              <option value="">{t('sportsbook.limits.anyMarket')}</option>
              {SPORTS_MARKET_TYPES.map((market) => (
                <option key={market} value={market}>
                  {t(`sportsbook.markets.${market}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field field--inline">
            <span>
              {t('sportsbook.limits.maxLiability')} ({currency})
            </span>
            <input
              inputMode="decimal"
              value={c.maxLiability}
              disabled={!trade}
              aria-invalid={invalid === `caps.${index}.maxLiability`}
              onChange={(event) => change(index, { maxLiability: event.target.value })}
            />
          </label>
          <ListButton
            trade={trade}
            label={t('sportsbook.limits.remove')}
            onClick={() => edit({ ...draft, caps: draft.caps.filter((_, i) => i !== index) })}
          />
        </div>
      ))}
      <ListButton
        own
        trade={trade}
        label={t('sportsbook.limits.addCap')}
        onClick={() =>
          edit({
            ...draft,
            caps: [...draft.caps, { row: nextRow(draft.caps), sport: '', market: '', maxLiability: '' }],
          })
        }
      />
    </div>
  );
}
