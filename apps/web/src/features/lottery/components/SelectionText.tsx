import type { LotteryFamily } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { playLayout } from '../plays';

/** A selection as short text per row: "1º: 0 1 2 · 2º: —" or translated option names. */
export function SelectionText({
  family,
  playType,
  selection,
}: {
  family: LotteryFamily;
  playType: string;
  selection: readonly (readonly (number | string)[])[];
}) {
  const { t } = useTranslation('lottery');
  const layout = playLayout(family, playType);
  const parts = selection.flatMap((row, i) => {
    const def = layout?.rows[i];
    // Positions left empty say nothing on a multi-row play (a position bet may skip positions).
    if (row.length === 0 && selection.length > 1) return [];
    const picks = row.length
      ? row.map((p) => (typeof p === 'string' ? t(`options.${p}`, { defaultValue: p }) : String(p))).join(' ')
      : '—';
    if (!def || selection.length === 1) return picks;
    return `${t(`rows.${def.label}`, def.labelParams ?? {})}: ${picks}`;
  });
  return (
    <span className="lt-selection" data-testid="selection-text">
      {parts.join(' · ')}
    </span>
  );
}
