import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addAll,
  type Digits,
  formatNumbers,
  gridPage,
  headPick,
  parseNumbers,
  type QuickPick,
  quickPick,
  randomNumbers,
  tailPick,
  toggleNumber,
} from './numbers';

interface NumberPickerProps {
  digits: Digits;
  max: number;
  value: readonly string[];
  onChange: (numbers: string[]) => void;
}

const QUICK: QuickPick[] = ['even', 'odd', 'big', 'small'];
const TEN = Array.from({ length: 10 }, (_, i) => i);

/**
 * The numbers of a ticket three ways: typed (commas or spaces), tapped on the 00–99 grid (a page per
 * hundred for three digits), or picked by head, tail, parity, size or at random.
 */
export function NumberPicker({ digits, max, value, onChange }: NumberPickerProps) {
  const { t } = useTranslation('vnlottery');
  const [hundred, setHundred] = useState(0);
  const [text, setText] = useState(() => formatNumbers(value));
  const [invalid, setInvalid] = useState<string[]>([]);
  const page = useMemo(() => gridPage(digits, hundred), [digits, hundred]);
  const chosen = useMemo(() => new Set(value), [value]);

  // The box follows the grid and pickers; while the player types, their text is kept as typed.
  const typed = parseNumbers(text, digits).numbers.join(',');
  useEffect(() => {
    if (typed !== value.join(',')) {
      setText(formatNumbers(value));
      setInvalid([]);
    }
  }, [value, typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the first hundred whenever the length changes
  useEffect(() => setHundred(0), [digits]);

  const onType = (next: string) => {
    setText(next);
    const parsed = parseNumbers(next, digits);
    setInvalid(parsed.invalid);
    onChange(parsed.numbers.slice(0, max));
  };
  const example = digits === 2 ? '07, 23 68' : '007, 123 968';

  return (
    <div className="vn-numbers">
      <label className="vn-label" htmlFor="vn-numbers-text">
        {t('numbers.label')}
        <span className="vn-muted"> · {t('numbers.count', { count: value.length, max })}</span>
      </label>
      <input
        id="vn-numbers-text"
        className="vn-input vn-numbers__text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        placeholder={t('numbers.placeholder', { example })}
        data-testid="vn-numbers-text"
        onChange={(e) => onType(e.target.value)}
      />
      {invalid.length ? (
        <p className="vn-error" role="alert">
          {t('numbers.invalid', { digits, list: invalid.join(', ') })}
        </p>
      ) : null}

      <fieldset className="vn-quick">
        <legend className="sr-only">{t('numbers.quick')}</legend>
        {QUICK.map((pick) => (
          <button
            key={pick}
            type="button"
            className="vn-pill"
            onClick={() => onChange(addAll(value, quickPick(page, pick), max))}
          >
            {t(`numbers.${pick}`)}
          </button>
        ))}
        {[1, 5, 10].map((count) => (
          <button
            key={count}
            type="button"
            className="vn-pill"
            disabled={value.length >= max}
            onClick={() =>
              onChange([...value, ...randomNumbers(Math.min(count, max - value.length), digits, value)])
            }
          >
            {t('numbers.random', { count })}
          </button>
        ))}
        <button
          type="button"
          className="vn-pill vn-pill--clear"
          disabled={!value.length}
          onClick={() => onChange([])}
        >
          {t('numbers.clear')}
        </button>
      </fieldset>

      {digits === 3 ? (
        <fieldset className="vn-hundreds">
          <legend className="vn-muted">{t('numbers.hundreds')}</legend>
          {TEN.map((h) => (
            <button
              key={h}
              type="button"
              className={h === hundred ? 'vn-digit is-active' : 'vn-digit'}
              aria-pressed={h === hundred}
              onClick={() => setHundred(h)}
            >
              {h}xx
            </button>
          ))}
        </fieldset>
      ) : null}

      <p className="vn-grid__caption vn-muted" aria-hidden>
        {t('numbers.head')} ↓ · {t('numbers.tail')} →
      </p>
      <fieldset className={`vn-grid vn-grid--${digits}`} data-testid="vn-grid">
        <legend className="sr-only">{t('numbers.grid')}</legend>
        <span className="vn-grid__corner" aria-hidden />
        {TEN.map((d) => (
          <button
            key={`tail-${d}`}
            type="button"
            className="vn-digit"
            title={`${t('numbers.tail')} ${d}`}
            onClick={() => onChange(addAll(value, tailPick(page, d), max))}
          >
            {d}
          </button>
        ))}
        {TEN.map((row) => (
          <Fragment key={row}>
            <button
              type="button"
              className="vn-digit"
              title={`${t('numbers.head')} ${row}`}
              onClick={() => onChange(addAll(value, headPick(page, row), max))}
            >
              {row}
            </button>
            {page.slice(row * 10, row * 10 + 10).map((number) => (
              <button
                key={number}
                type="button"
                className={chosen.has(number) ? 'vn-ball is-chosen' : 'vn-ball'}
                aria-pressed={chosen.has(number)}
                data-testid={`vn-ball-${number}`}
                onClick={() => onChange(toggleNumber(value, number, max))}
              >
                {number}
              </button>
            ))}
          </Fragment>
        ))}
      </fieldset>
    </div>
  );
}
