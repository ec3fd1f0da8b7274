import { useCallback, useState } from 'react';
import type { RecordsFilters } from './api';
import { presetRange, type RangePreset } from './range';

/**
 * The zone the server counts days in until its first answer says otherwise (every answer carries
 * it; merchants have no zone of their own yet, so it is UTC).
 */
const INITIAL_ZONE = 'UTC';

/** Filters with a date preset; choosing a preset sets both dates in the server's zone. */
export function useRecordsFilterState(initial: RangePreset = '7d') {
  const [preset, setPresetState] = useState<RangePreset>(initial);
  const [filters, setFilters] = useState<RecordsFilters>(() =>
    presetRange(initial, new Date(), INITIAL_ZONE),
  );
  const setPreset = useCallback((next: RangePreset, timeZone: string = INITIAL_ZONE) => {
    setPresetState(next);
    // 'custom' keeps the current dates for the player to edit.
    if (next !== 'custom') setFilters((f) => ({ ...f, ...presetRange(next, new Date(), timeZone) }));
  }, []);
  return { preset, setPreset, filters, setFilters };
}
