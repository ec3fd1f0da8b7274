import type { VnRegion } from '@sorte/lottery';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useModal } from '../../lib/modal-url';
import { PlayMoneyBadge } from '../../components/ui/PlayMoneyBadge';
import { useBalance } from '../../lib/balance';
import { useIsTrial } from '../../lib/play-money';
import { useErrorMessage } from '../../lib/errors';
import { useMoney } from '../../lib/money';
import { useServerNow } from '../../lib/server-clock';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { type VnMenuProvince, type VnMenuRegion, useVnMenu, useVnOpened, vnKeys } from './api';
import { BetBuilder } from './BetBuilder';
import { BetSlip } from './BetSlip';
import { ProvinceList, RegionTabs } from './DrawPicker';
import { ResultsTab } from './ResultsTab';
import { bySoonestDraw } from './schedule';
import { drawKeyOf, drawRefOf, type SlipEntry, slipTotalMinor, type VnDraft, type VnDrawRef } from './slip';
import { TicketsTab } from './TicketsTab';
import { formatVnDay } from './time';
import { usePlaceSlip } from './use-place-slip';
import './vnlottery.css';

const TABS = ['bet', 'results', 'tickets'] as const;
type Tab = (typeof TABS)[number];

let entrySeq = 0;

/**
 * /vnlottery: the Vietnamese lottery (XSMB, XSMT, XSMN). Betting on today's provincial draws, the
 * latest results board and the player's tickets, as three tabs kept in the URL (?tab=).
 */
export function VnLotteryScreen() {
  const { t } = useTranslation('vnlottery');
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'bet';
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const [slip, setSlip] = useState<SlipEntry[]>([]);

  const selectTab = (next: Tab, province?: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'bet') copy.delete('tab');
        else copy.set('tab', next);
        if (province) copy.set('province', province);
        else copy.delete('province');
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="page vn" data-testid="vn-page">
      <header className="vn-top">
        <div>
          <h1 className="vn-title">{t('title')}</h1>
          <p className="vn-muted vn-top__sub">{t('subtitle')}</p>
        </div>
        {isLogin ? (
          <Balance />
        ) : (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => openModal('login')}>
            {t('login')}
          </button>
        )}
      </header>
      <div className="vn-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'vn-tab is-active' : 'vn-tab'}
            data-testid={`vn-tab-${name}`}
            onClick={() => selectTab(name)}
          >
            {t(`tabs.${name}`)}
            {name === 'bet' && slip.length ? <span className="vn-badge">{slip.length}</span> : null}
          </button>
        ))}
      </div>
      {tab === 'bet' ? (
        <BetTab
          slip={slip}
          setSlip={setSlip}
          onPlaced={() => selectTab('tickets')}
          onShowResults={(province) => selectTab('results', province)}
        />
      ) : null}
      {tab === 'results' ? <ResultsTab /> : null}
      {tab === 'tickets' ? <TicketsTab onLogin={() => openModal('login')} /> : null}
    </div>
  );
}

/** The region whose betting closes soonest (today's South first in the afternoon, tomorrow's at night), else the first. */
function soonestOpen(regions: readonly VnMenuRegion[], now: number): VnMenuRegion | undefined {
  let best: { region: VnMenuRegion; at: number } | undefined;
  for (const region of regions)
    for (const province of region.provinces) {
      const at = Date.parse(province.nextDraw.closesAt);
      if (at > now && (!best || at < best.at)) best = { region, at };
    }
  return best?.region ?? regions[0];
}

/** Whether the element with this id is on screen (the phone's slip bar hides while the slip shows). */
function useInView(id: string, rendered: boolean): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = rendered ? document.getElementById(id) : null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(Boolean(entry?.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, rendered]);
  return inView;
}

/** The province's latest result at a glance (special prize and đề), opening its full board. */
function LastResult({ province, onOpen }: { province: string; onOpen: (province: string) => void }) {
  const { t, i18n } = useTranslation('vnlottery');
  const opened = useVnOpened();
  const last = opened.data?.find((d) => d.province === province && d.result);
  if (!last?.result) return null;
  return (
    <button type="button" className="vn-last" data-testid="vn-last-result" onClick={() => onOpen(province)}>
      <span className="vn-muted">
        {t('draws.lastResult', { day: formatVnDay(last.drawDate, i18n.language) })}
      </span>
      <span>
        ĐB <strong className="vn-last__db">{last.result.prizes.db?.[0]}</strong>
        {last.de ? (
          <>
            {' · '}
            {t('results.de')} <strong>{last.de}</strong>
          </>
        ) : null}
      </span>
      <span className="vn-last__link">{t('draws.seeBoard')} →</span>
    </button>
  );
}

function Balance() {
  const { t } = useTranslation('vnlottery');
  const { format } = useMoney();
  const balance = useBalance();
  const trial = useIsTrial();
  return (
    <div className="vn-balance">
      <span className="vn-muted">{t('balance')}</span>
      {trial ? <PlayMoneyBadge /> : null}
      <strong data-testid="vn-balance">{balance.data === undefined ? '–' : format(balance.data)}</strong>
    </div>
  );
}

interface BetTabProps {
  slip: SlipEntry[];
  setSlip: React.Dispatch<React.SetStateAction<SlipEntry[]>>;
  onPlaced: () => void;
  onShowResults: (province: string) => void;
}

function BetTab({ slip, setSlip, onPlaced, onShowResults }: BetTabProps) {
  const { t, i18n } = useTranslation('vnlottery');
  const { format } = useMoney();
  const message = useErrorMessage();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const menu = useVnMenu();
  const now = useServerNow(menu.data?.offsetMs ?? 0);
  const isLogin = useSession((s) => s.isLogin);
  const { openModal } = useModal();
  const { place, pending } = usePlaceSlip();
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [regionCode, setRegionCode] = useState<VnRegion | null>(null);
  const [draw, setDraw] = useState<VnDrawRef | null>(null);
  const slipInView = useInView('vn-slip', Boolean(menu.data));

  const regions = menu.data?.menu.regions ?? [];
  // A lobby link may name a province or region as its gameCode (TCG_LOTTO_VN itself names the whole game).
  const gameCode = params.get('gameCode')?.toUpperCase() ?? '';
  const linked = regions.find(
    (r) => r.provinces.some((p) => p.code === gameCode) || r.region === gameCode.toLowerCase(),
  );
  const region = regions.find((r) => r.region === regionCode) ?? linked ?? soonestOpen(regions, now);

  // The first region shown stays chosen: a close later must not move the player to another region.
  useEffect(() => {
    if (!regionCode && region) setRegionCode(region.region);
  }, [regionCode, region]);

  // The chosen draw follows the menu: a refetch after a close moves a province to its next draw.
  useEffect(() => {
    if (!region) return;
    const current = draw && region.provinces.find((p) => p.code === draw.province);
    if (current) {
      const ref = drawRefOf(region.region, current);
      if (ref.drawDate !== draw.drawDate || ref.drawId !== draw.drawId) setDraw(ref);
      return;
    }
    // Otherwise the game whose draw comes soonest.
    const preferred = region.provinces.find((p) => p.code === gameCode) ?? bySoonestDraw(region.provinces)[0];
    setDraw(preferred ? drawRefOf(region.region, preferred) : null);
  }, [region, draw, gameCode]);

  const refetchMenu = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...vnKeys.all, 'menu'] });
  }, [queryClient]);

  // Stable, so the memoised builder (a hundred grid buttons) skips the countdown's tick every second.
  const addEntry = useCallback(
    (draft: VnDraft, units: number, costMinor: bigint) => {
      if (!draw) return;
      entrySeq += 1;
      setSlip((list) => [...list, { ...draft, ...draw, id: `e${entrySeq}`, units, costMinor }]);
      setErrors((e) => {
        const { [drawKeyOf(draw)]: _, ...rest } = e;
        return rest;
      });
    },
    [draw, setSlip],
  );

  if (menu.isPending) return <div className="vn-card vn-skeleton" aria-busy />;
  if (menu.isError || !region)
    return (
      <div className="vn-card">
        <p className="vn-error">{message(menu.error)}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => menu.refetch()}>
          {t('retry')}
        </button>
      </div>
    );

  const selectProvince = (province: VnMenuProvince) => setDraw(drawRefOf(region.region, province));
  const submit = async () => {
    if (!isLogin) {
      openModal('login');
      return;
    }
    const outcome = await place(slip);
    setErrors(outcome.errors);
    if (outcome.placed.length) {
      const done = new Set(outcome.placed.map((entry) => entry.id));
      setSlip((list) => list.filter((entry) => !done.has(entry.id)));
      toast(t('slip.placed', { count: outcome.ticketCount }), 'success');
      if (!Object.keys(outcome.errors).length) onPlaced();
    }
  };

  return (
    <div className="vn-bet">
      <div className="vn-bet__main">
        <section className="vn-card">
          <RegionTabs
            regions={regions}
            value={region.region}
            onChange={(code) => {
              setRegionCode(code);
              setDraw(null);
            }}
          />
          <ProvinceList
            region={region}
            now={now}
            selected={draw?.province ?? null}
            onSelect={selectProvince}
            onExpired={refetchMenu}
          />
        </section>
        {draw ? (
          <div className="vn-selected" data-testid="vn-selected">
            <span>
              {t('draws.selected', {
                province: draw.provinceName,
                day: formatVnDay(draw.drawDate, i18n.language),
              })}
            </span>
            <LastResult province={draw.province} onOpen={onShowResults} />
          </div>
        ) : null}
        <BetBuilder region={region} canAdd={Boolean(draw)} onAdd={addEntry} />
      </div>
      <aside className="vn-bet__slip">
        <BetSlip
          entries={slip}
          now={now}
          errors={errors}
          pending={pending}
          isLogin={isLogin}
          onRemove={(id) => setSlip((list) => list.filter((entry) => entry.id !== id))}
          onClear={() => {
            setSlip([]);
            setErrors({});
          }}
          onSubmit={submit}
        />
      </aside>
      {slip.length ? (
        <a className="vn-slipbar" href="#vn-slip" hidden={slipInView} data-testid="vn-slipbar">
          <span>{t('slip.open', { count: slip.length })}</span>
          <strong>{format(slipTotalMinor(slip))}</strong>
        </a>
      ) : null}
    </div>
  );
}
