import type { VnRegion } from '@sorte/lottery';
import { VN_REGIONS } from '@sorte/lottery';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VnMenuProvince, VnMenuRegion } from './api';
import { formatTime } from '../../lib/dates';
import { formatCountdown } from '../../lib/server-clock';
import { groupByNextDraw } from './schedule';
import { formatVnDay } from './time';

interface RegionTabsProps {
  regions: readonly VnMenuRegion[];
  value: VnRegion;
  onChange: (region: VnRegion) => void;
}

/** Miền Bắc / Trung / Nam with the translated name and the results abbreviation. */
export function RegionTabs({ regions, value, onChange }: RegionTabsProps) {
  const { t } = useTranslation('vnlottery');
  const ordered = VN_REGIONS.map((code) => regions.find((r) => r.region === code)).filter(
    (r): r is VnMenuRegion => Boolean(r),
  );
  return (
    <div className="vn-regions" role="tablist" aria-label={t('regions.label')}>
      {ordered.map((region) => (
        <button
          key={region.region}
          type="button"
          role="tab"
          aria-selected={region.region === value}
          className={region.region === value ? 'vn-region is-active' : 'vn-region'}
          data-testid={`vn-region-${region.region}`}
          onClick={() => onChange(region.region)}
        >
          <span className="vn-region__name">{region.name}</span>
          <span className="vn-region__sub">
            {t(`regions.${region.region}`)} · {region.abbreviation}
          </span>
        </button>
      ))}
    </div>
  );
}

interface ProvinceListProps {
  region: VnMenuRegion;
  now: number;
  selected: string | null;
  onSelect: (province: VnMenuProvince) => void;
  /** A shown draw just closed: the menu is stale (its next draw moved on). */
  onExpired: () => void;
}

/**
 * The region's games by their next open draw: the soonest day's (today's while one is open, else
 * tomorrow's) with their countdown to close, then the other days' in date order.
 */
export function ProvinceList({ region, now, selected, onSelect, onExpired }: ProvinceListProps) {
  const { t, i18n } = useTranslation('vnlottery');
  const { next, later } = groupByNextDraw(region.provinces, now);
  const nextClose = Math.min(
    ...region.provinces.map((p) => Date.parse(p.nextDraw.closesAt)).filter((at) => at > now - 1000),
  );
  const reported = useRef<number | null>(null);
  useEffect(() => {
    // Refetch once per close that passes while the page is open, not once per tick after it.
    if (Number.isFinite(nextClose) && now >= nextClose && reported.current !== nextClose) {
      reported.current = nextClose;
      onExpired();
    }
  }, [now, nextClose, onExpired]);

  const card = (soon: boolean) => (province: VnMenuProvince) => (
    <ProvinceCard
      key={province.code}
      province={province}
      drawTime={region.drawTime}
      now={now}
      soon={soon}
      active={province.code === selected}
      onSelect={() => onSelect(province)}
    />
  );
  const nextTitle = next
    ? next.kind === 'later'
      ? t('draws.nextDay', { day: formatVnDay(next.day, i18n.language) })
      : t(`draws.${next.kind}`)
    : '';
  return (
    <div className="vn-provinces">
      {next ? (
        <>
          <h3 className="vn-subtitle">{nextTitle}</h3>
          <div className="vn-province-grid" data-testid="vn-provinces-next" data-day={next.kind}>
            {next.provinces.map(card(true))}
          </div>
        </>
      ) : null}
      {later.length ? (
        // Collapsed: on a phone the week's other games would push the bet far down.
        <details className="vn-later">
          <summary className="vn-subtitle">
            {t('draws.later')} ({later.length})
          </summary>
          <div className="vn-province-grid vn-province-grid--later">{later.map(card(false))}</div>
        </details>
      ) : null}
      {!region.provinces.length ? <p className="vn-muted">{t('draws.none')}</p> : null}
    </div>
  );
}

function ProvinceCard({
  province,
  drawTime,
  now,
  soon,
  active,
  onSelect,
}: {
  province: VnMenuProvince;
  drawTime: string;
  now: number;
  /** Among the soonest day's games: the countdown to close; a later day's game shows its day. */
  soon: boolean;
  active: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation('vnlottery');
  const left = Date.parse(province.nextDraw.closesAt) - now;
  // The menu's next draw is open by definition; it reads closed only between its close and the refetch.
  const open = left > 0;
  const className = ['vn-province', active ? 'is-active' : '', open && soon ? 'is-open' : 'is-later']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={className}
      aria-pressed={active}
      data-testid={`vn-province-${province.code}`}
      data-open={open ? 'true' : 'false'}
      data-day={province.nextDraw.drawDate}
      onClick={onSelect}
    >
      <span className="vn-province__name">{province.name}</span>
      {open && soon ? (
        <span className="vn-province__count" data-testid="vn-countdown">
          {t('draws.closesIn', { time: formatCountdown(left / 1000) })}
        </span>
      ) : (
        <span className="vn-province__day">
          {open ? '' : `${t('draws.closed')} · `}
          {formatVnDay(province.nextDraw.drawDate, i18n.language)}
        </span>
      )}
      <span className="vn-province__time" title={t('draws.vnTime', { time: drawTime })}>
        {t('draws.drawAt', { time: formatTime(province.nextDraw.drawAt, i18n.language) })}
      </span>
    </button>
  );
}
