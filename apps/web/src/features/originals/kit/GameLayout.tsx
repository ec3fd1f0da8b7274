import type { ReactNode } from 'react';

export interface GameLayoutProps {
  /** The game code (dice, limbo …): names the page for tests and styles (`og-game--<game>`). */
  game: string;
  title: string;
  /** The bet controls: amount, the game's choices, the play button (left on desktop, under the stage on phones). */
  controls: ReactNode;
  /** The game's board/animation. */
  stage: ReactNode;
  /** Below both: usually <SeedPanel/> and <RecentRounds/>. */
  footer?: ReactNode;
  /** Small line beside the title (e.g. house edge, max win). */
  badge?: ReactNode;
}

/**
 * The frame every in-house game screen shares: a dark control panel on the left and the stage on
 * the right on desktop; on phones the stage comes first so the result stays in view above the controls.
 */
export function GameLayout({ game, title, controls, stage, footer, badge }: GameLayoutProps) {
  return (
    <div className={`og-page og-game--${game}`} data-game={game}>
      <div className="og-titlebar">
        <h1 className="og-title">{title}</h1>
        {badge ? <span className="og-badge">{badge}</span> : null}
      </div>
      <div className="og-frame">
        <section className="og-controls">{controls}</section>
        <section className="og-stage">{stage}</section>
      </div>
      {footer ? <div className="og-footer">{footer}</div> : null}
    </div>
  );
}

/** A labelled row of the control panel. */
export function ControlField({
  label,
  children,
  aside,
}: {
  label: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="og-field">
      <div className="og-field__label">
        <span>{label}</span>
        {aside ? <span className="og-field__aside">{aside}</span> : null}
      </div>
      {children}
    </div>
  );
}

/** A row of mutually exclusive choices (risk, rows, segments, over/under …). */
export function Segmented<T extends string | number>({
  value,
  options,
  onChange,
  disabled,
  label,
}: {
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <fieldset className="og-seg" aria-label={label}>
      {options.map((option) => (
        <button
          key={String(option.value)}
          type="button"
          aria-pressed={option.value === value}
          className={option.value === value ? 'og-seg__opt is-on' : 'og-seg__opt'}
          disabled={disabled}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
