import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * A page's tabs whose open tab lives in the address (?tab=), so a reload or a link keeps it; the
 * first tab when none or an unknown one is asked. On a phone the strip scrolls sideways.
 */
export function usePageTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.includes(asked as T) ? (asked as T) : tabs[0]!;
  return [tab, (next: T) => setParams({ tab: next }, { replace: true })];
}

export function PageTabs<T extends string>({
  tabs,
  current,
  onSelect,
  labelKey,
}: {
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  /** The translation key prefix of the tabs' labels ('lottery.tabs' → 'lottery.tabs.games'). */
  labelKey: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="tabs" role="tablist" style={{ overflowX: 'auto' }}>
      {tabs.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={current === value}
          className="tab nowrap"
          onClick={() => onSelect(value)}
        >
          {t(`${labelKey}.${value}`)}
        </button>
      ))}
    </div>
  );
}
