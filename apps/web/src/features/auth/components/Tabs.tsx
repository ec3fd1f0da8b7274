import { type KeyboardEvent, type ReactNode, useId } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * Tab strip with a sliding underline. Arrow keys move between tabs (roving tabindex). The panel
 * element should carry `id={panelId(value)}` and `aria-labelledby={tabId(value)}`.
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idBase,
  variant = 'line',
}: {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (next: T) => void;
  label: string;
  idBase?: string;
  /** 'pill' for a top-level switch (login / sign up) above 'line' method tabs. */
  variant?: 'line' | 'pill';
}) {
  const generated = useId();
  const base = idBase ?? generated;
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === value),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = items[(index + step + items.length) % items.length]!;
    onChange(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };
  return (
    <div
      className={`au-tabs au-tabs--${variant}`}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{ '--tab-count': items.length, '--tab-index': index } as React.CSSProperties}
    >
      {items.map((item) => (
        <button
          key={item.id}
          id={`${base}-tab-${item.id}`}
          type="button"
          role="tab"
          className="au-tabs__tab"
          aria-selected={item.id === value}
          aria-controls={`${base}-panel-${item.id}`}
          tabIndex={item.id === value ? 0 : -1}
          onClick={() => onChange(item.id)}
        >
          {item.label}
        </button>
      ))}
      <span className="au-tabs__bar" aria-hidden="true" />
    </div>
  );
}

/** The panel of a tab strip; a plain box when there are no tabs (a single method). */
export function TabPanel({
  base,
  id,
  tabs,
  children,
}: {
  base: string;
  id: string;
  tabs: boolean;
  children: ReactNode;
}) {
  if (!tabs) return <div>{children}</div>;
  return (
    <div id={`${base}-panel-${id}`} role="tabpanel" aria-labelledby={`${base}-tab-${id}`}>
      {children}
    </div>
  );
}

export const tabIds = (base: string, id: string) => ({
  tab: `${base}-tab-${id}`,
  panel: `${base}-panel-${id}`,
});

/** Method tabs over their panel; with `tabs` off, just the panel's plain box (a single method). */
export function MethodTabs<T extends string>({
  tabs,
  idBase,
  label,
  items,
  value,
  onChange,
  children,
}: {
  tabs: boolean;
  idBase: string;
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (next: T) => void;
  children: ReactNode;
}) {
  return (
    <>
      {tabs ? <Tabs idBase={idBase} label={label} items={items} value={value} onChange={onChange} /> : null}
      <TabPanel base={idBase} id={value} tabs={tabs}>
        {children}
      </TabPanel>
    </>
  );
}
