import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlayLayout, QUICK_PICKS, quickPick, togglePick } from '../plays';
import type { Selection } from '../slip';

/** Two-digit balls for ranges past 9 so the grid lines up (01…11, 03…19). */
const label = (value: number, max: number) => (max >= 10 ? String(value).padStart(2, '0') : String(value));

/** Past this many rows of numbers a phone shows one row at a time, chosen from a strip of tabs. */
const FOLD_ABOVE_ROWS = 5;

/**
 * The picker of one play type: a row per position/part, each a grid of numbers with the quick
 * pickers (all, big, small, odd, even, clear) or a set of named options. A play of many positions
 * (the race's ten places) folds on a phone: a strip of place tabs, each with its pick count, and
 * only the chosen place's grid, instead of ten grids to scroll through. The chosen place belongs to
 * its play type: another play type starts on its first row.
 */
export function Picker({
  layout,
  selection,
  onChange,
}: {
  layout: PlayLayout;
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const { t } = useTranslation('lottery');
  const [shown, setShown] = useState({ play: layout.code, row: 0 });
  const activeRow = shown.play === layout.code ? shown.row : 0;
  const folds = layout.rows.length > FOLD_ABOVE_ROWS && layout.rows.every((row) => row.kind === 'numbers');
  const labelOf = (row: PlayLayout['rows'][number]) => t(`rows.${row.label}`, row.labelParams ?? {});
  return (
    <div className="lt-picker" data-testid="picker" data-play={layout.code}>
      {folds ? (
        <div className="lt-places" role="tablist" aria-label={t('picker.places')}>
          {layout.rows.map((row, rowIndex) => {
            const count = selection[rowIndex]?.length ?? 0;
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, fixed per play type
                key={rowIndex}
                type="button"
                role="tab"
                aria-selected={rowIndex === activeRow}
                className={`lt-place${rowIndex === activeRow ? ' is-active' : ''}`}
                data-place={rowIndex}
                onClick={() => setShown({ play: layout.code, row: rowIndex })}
              >
                {labelOf(row)}
                {count > 0 ? <span className="lt-place__count">{count}</span> : null}
              </button>
            );
          })}
        </div>
      ) : null}
      {layout.rows.map((row, rowIndex) => {
        const picked = selection[rowIndex] ?? [];
        const rowLabel = labelOf(row);
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, fixed per play type
            key={rowIndex}
            className={`lt-row${folds && rowIndex !== activeRow ? ' is-folded' : ''}`}
            data-testid="picker-row"
            data-row={rowIndex}
          >
            <legend className="lt-row__label">{rowLabel}</legend>
            <div className={`lt-row__picks lt-row__picks--${row.kind}`}>
              {row.kind === 'numbers'
                ? Array.from({ length: row.max - row.min + 1 }, (_, i) => row.min + i).map((value) => (
                    <button
                      key={value}
                      type="button"
                      className={`lt-pick${picked.includes(value) ? ' is-on' : ''}`}
                      aria-pressed={picked.includes(value)}
                      aria-label={`${rowLabel} ${value}`}
                      data-pick={value}
                      onClick={() => onChange(togglePick(layout, selection, rowIndex, value))}
                    >
                      {label(value, row.max)}
                    </button>
                  ))
                : row.options.map((option) => (
                    <button
                      key={option}
                      type="button"
                      className={`lt-pick lt-pick--option${picked.includes(option) ? ' is-on' : ''}`}
                      aria-pressed={picked.includes(option)}
                      data-pick={option}
                      onClick={() => onChange(togglePick(layout, selection, rowIndex, option))}
                    >
                      {t(`options.${option}`)}
                    </button>
                  ))}
            </div>
            {row.kind === 'numbers' ? (
              <div className="lt-row__quick" role="toolbar" aria-label={t('picker.quick')}>
                {QUICK_PICKS.map((pick) => (
                  <button
                    key={pick}
                    type="button"
                    className="lt-quick"
                    data-quick={pick}
                    onClick={() =>
                      onChange(selection.map((r, i) => (i === rowIndex ? quickPick(row, pick) : [...r])))
                    }
                  >
                    {t(`picker.${pick}`)}
                  </button>
                ))}
              </div>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
