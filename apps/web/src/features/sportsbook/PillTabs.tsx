import type { ReactNode } from 'react';

export interface PillTab<T extends string> {
  id: T;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/** A row of pill tabs (sports, market groups, slip types, My bets), scrolling sideways on a phone. */
export function PillTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  variant,
}: {
  tabs: readonly PillTab<T>[];
  value: T;
  onChange: (id: T) => void;
  label?: string;
  variant?: 'dock' | 'slip' | 'groups';
}) {
  return (
    <div className={`sb-tabs${variant ? ` sb-tabs--${variant}` : ''}`} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          disabled={tab.disabled}
          data-testid={tab.testId}
          data-tab={tab.id}
          className={`sb-tab${tab.id === value ? ' is-active' : ''}`}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
