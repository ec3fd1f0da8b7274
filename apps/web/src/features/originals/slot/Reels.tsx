import { SLOT_LINES, SLOT_ROWS, type SlotLineWin, type SlotSymbol } from '@sorte/fairness';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { reelTape, winCells } from './slot-view';
import { SymbolArt } from './symbols';

export interface ReelSpin {
  /** Changes for every spin: restarts the animation. */
  id: number;
  kind: 'base' | 'free';
  stops: number[];
  /** The window each reel showed before, where its tape starts. */
  previous: SlotSymbol[][];
  turbo: boolean;
}

/** Line colours, cycled over the 20 lines. */
export const LINE_COLOURS = [
  '#ffd21f',
  '#ff3fa4',
  '#46e0ff',
  '#7cf08a',
  '#ff7b00',
  '#c38bff',
  '#ff5a5a',
  '#3fffd2',
];

const PASSING = 14;
const PASSING_STEP = 4;

/**
 * The 5×3 reel window. Each reel scrolls a tape (reelTape) down to its landing window, the reels
 * stopping left to right with a little bounce; `onStopped` fires when the last one lands. Winning
 * lines are drawn over the grid and their symbols pulse; scatters glow when they pay.
 */
export function Reels({
  grid,
  spin,
  lines,
  scatterWin,
  onStopped,
}: {
  grid: SlotSymbol[][];
  spin: ReelSpin | null;
  lines: SlotLineWin[];
  scatterWin: boolean;
  onStopped: () => void;
}) {
  const { t } = useTranslation('slot');
  const cells = winCells(lines, SLOT_LINES);
  const spinning = spin !== null;
  return (
    <div className={`cd-reels${spinning ? ' is-spinning' : ''}`} data-testid="slot-reels">
      {grid.map((column, reel) => (
        <Reel
          // biome-ignore lint/suspicious/noArrayIndexKey: the five reels are positional
          key={reel}
          reel={reel}
          column={column}
          spin={spin}
          onStopped={reel === grid.length - 1 ? onStopped : undefined}
          isWin={(row) =>
            !spinning && (cells.has(`${reel}:${row}`) || (scatterWin && column[row] === 'scatter'))
          }
          label={(s) => t(`symbols.${s}`)}
        />
      ))}
      {!spinning && lines.length > 0 ? (
        <svg className="cd-lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
          {lines.map((win) => (
            <polyline
              key={win.line}
              points={SLOT_LINES[win.line]!.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(
                ' ',
              )}
              stroke={LINE_COLOURS[win.line % LINE_COLOURS.length]}
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}

function Reel({
  reel,
  column,
  spin,
  onStopped,
  isWin,
  label,
}: {
  reel: number;
  column: SlotSymbol[];
  spin: ReelSpin | null;
  onStopped?: () => void;
  isWin: (row: number) => boolean;
  label: (s: SlotSymbol) => string;
}) {
  const tapeRef = useRef<HTMLDivElement>(null);
  const stoppedRef = useRef(onStopped);
  stoppedRef.current = onStopped;
  const passing = spin ? (spin.turbo ? 6 : PASSING) + reel * (spin.turbo ? 2 : PASSING_STEP) : 0;
  const tape = spin ? reelTape(spin.kind, reel, spin.stops[reel]!, passing, spin.previous[reel]!) : column;

  // Start at the previous window (the tape's bottom), then slide to the landing window at the top.
  useLayoutEffect(() => {
    const el = tapeRef.current;
    if (!el || !spin) return;
    const total = passing + 2 * SLOT_ROWS;
    el.style.transition = 'none';
    el.style.transform = `translateY(${(-(total - SLOT_ROWS) / total) * 100}%)`;
    void el.offsetHeight;
    const ms = (spin.turbo ? 380 : 900) + reel * (spin.turbo ? 110 : 260);
    el.style.transition = `transform ${ms}ms cubic-bezier(0.25, 0.1, 0.3, 1.12)`;
    el.style.transform = 'translateY(0%)';
  }, [spin, passing, reel]);

  useEffect(() => {
    const el = tapeRef.current;
    if (!el || !spin) return;
    const done = (event: TransitionEvent) => {
      if (event.target === el) stoppedRef.current?.();
    };
    el.addEventListener('transitionend', done);
    return () => el.removeEventListener('transitionend', done);
  }, [spin]);

  return (
    <div className="cd-reel">
      <div
        className="cd-tape"
        ref={tapeRef}
        style={spin ? { height: `${(tape.length / SLOT_ROWS) * 100}%` } : undefined}
      >
        {tape.map((symbol, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: positions on the tape
            key={i}
            className={`cd-cell cd-cell--${symbol}${!spin && isWin(i) ? ' is-win' : ''}`}
            style={spin ? { height: `${100 / tape.length}%` } : undefined}
          >
            <SymbolArt symbol={symbol} label={label(symbol)} />
          </div>
        ))}
      </div>
    </div>
  );
}
