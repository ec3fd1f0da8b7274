import { useTranslation } from 'react-i18next';
import { type LimitsDraft, SPORTS_SPORTS } from '../../lib/sportsbook';

/**
 * The site's margin on each sport's feed odds, in percent: what players see and bet at is the feed's
 * price divided by 1 + the margin (rounded down to 0.001, never below 1.001). Empty is none.
 */
export function MarginsPanel({
  draft,
  edit,
  trade,
  invalid,
}: {
  draft: LimitsDraft;
  edit: (next: LimitsDraft) => void;
  trade: boolean;
  invalid: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="panel">
      <h2>{t('sportsbook.limits.margins')}</h2>
      <p className="muted small">{t('sportsbook.limits.marginsHint')}</p>
      <div className="table-wrap">
        <table className="table table--cards sb-limits__sports sb-limits__margins">
          <thead>
            <tr>
              <th>{t('sportsbook.events.sport')}</th>
              <th>{t('sportsbook.limits.margin')}</th>
            </tr>
          </thead>
          <tbody>
            {SPORTS_SPORTS.map((sport) => (
              <tr key={sport}>
                <td className="sb-limits__sport">{t(`sportsbook.sports.${sport}`)}</td>
                <td data-label={t('sportsbook.limits.margin')}>
                  <input
                    inputMode="decimal"
                    value={draft.margins[sport]}
                    disabled={!trade}
                    placeholder={t('sportsbook.limits.noMargin')}
                    aria-label={`${t(`sportsbook.sports.${sport}`)} — ${t('sportsbook.limits.margin')}`}
                    aria-invalid={invalid === `margins.${sport}`}
                    onChange={(event) =>
                      edit({ ...draft, margins: { ...draft.margins, [sport]: event.target.value } })
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
