import type { OddsFormat } from '@sorte/money';
import { create } from 'zustand';
import { legKey, MAX_SELECTIONS, type SlipLeg, type SlipType, slipTypes, systemChoices } from './slip-math';

/**
 * The bet slip, kept in localStorage so it survives a reload and a new tab (as on every sportsbook),
 * and the player's display choice of odds format. A selection carries what its line shows without
 * a request (the teams, the sport) next to what the bet request sends.
 */
export type OddsPolicy = 'none' | 'higher' | 'any';

export interface SlipSelection extends SlipLeg {
  sport: string;
  home: string;
  away: string;
  /** The odds shown before a refusal said the price moved (old → new), until the player accepts. */
  previousOdds?: number;
}

interface Persisted {
  selections: SlipSelection[];
  type: SlipType;
  system: string | null;
  /** The stake as typed (minor units are derived with the site's currency and language). */
  stake: string;
  policy: OddsPolicy;
  oddsFormat: OddsFormat;
}

export interface SlipState extends Persisted {
  toggle: (selection: SlipSelection) => void;
  remove: (key: string) => void;
  clear: () => void;
  setType: (type: SlipType) => void;
  setSystem: (system: string | null) => void;
  setStake: (stake: string) => void;
  setPolicy: (policy: OddsPolicy) => void;
  setOddsFormat: (format: OddsFormat) => void;
  /** New prices from the server (a refusal's current odds, or the player's "accept"): keys → odds. */
  reprice: (odds: Map<string, number>, keepPrevious: boolean) => void;
  /** The player accepts every moved price: the old ones are forgotten. */
  acceptPrices: () => void;
}

const STORAGE_KEY = 'sportsbook.slip';
const DEFAULTS: Persisted = {
  selections: [],
  type: 'single',
  system: null,
  stake: '',
  policy: 'none',
  oddsFormat: 'decimal',
};

function read(): Persisted {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return DEFAULTS;
    const value = JSON.parse(raw) as Partial<Persisted>;
    return {
      ...DEFAULTS,
      ...value,
      selections: Array.isArray(value.selections) ? value.selections.slice(0, MAX_SELECTIONS) : [],
    };
  } catch {
    return DEFAULTS;
  }
}

function write(state: Persisted): void {
  try {
    const { selections, type, system, stake, policy, oddsFormat } = state;
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ selections, type, system, stake, policy, oddsFormat } satisfies Persisted),
    );
  } catch {
    // Storage may be unavailable (private mode): the slip still works for this page's life.
  }
}

/** The type kept valid for the selections: a multiple needs two unrelated selections, a system three. */
function fitType(selections: SlipSelection[], type: SlipType, system: string | null) {
  const types = slipTypes(selections);
  const fitted = types.includes(type)
    ? type
    : selections.length >= 2 && types.includes('multiple')
      ? 'multiple'
      : 'single';
  return { type: fitted, system: fitted === 'system' ? system : null };
}

export const useSlip = create<SlipState>((set, get) => {
  const update = (patch: Partial<Persisted>) => {
    set(patch);
    write(get());
  };
  const withSelections = (selections: SlipSelection[], nextType?: SlipType) => {
    const wasSingle = get().selections.length <= 1;
    // A second selection turns a fresh slip into a multiple, as players expect; a chosen type stays.
    const wanted = nextType ?? (wasSingle && selections.length === 2 ? 'multiple' : get().type);
    const { type, system } = fitType(selections, wanted, get().system);
    // A chosen system stays while it fits the count of selections (Trixie needs three).
    const fits = systemChoices(selections.length).some((c) => c.id === system);
    const keepSystem = type === 'system' && fits ? system : null;
    update({ selections, type, system: type === 'system' ? keepSystem : null });
  };
  return {
    ...read(),
    toggle: (selection) => {
      const key = legKey(selection);
      const current = get().selections;
      if (current.some((s) => legKey(s) === key)) withSelections(current.filter((s) => legKey(s) !== key));
      else if (current.length < MAX_SELECTIONS) withSelections([...current, selection]);
    },
    remove: (key) => withSelections(get().selections.filter((s) => legKey(s) !== key)),
    clear: () => update({ selections: [], type: 'single', system: null }),
    setType: (type) => withSelections(get().selections, type),
    setSystem: (system) => update({ system }),
    setStake: (stake) => update({ stake }),
    setPolicy: (policy) => update({ policy }),
    setOddsFormat: (oddsFormat) => update({ oddsFormat }),
    reprice: (odds, keepPrevious) =>
      update({
        selections: get().selections.map((s) => {
          const next = odds.get(legKey(s));
          if (next === undefined || next === s.odds) return s;
          return { ...s, odds: next, previousOdds: keepPrevious ? (s.previousOdds ?? s.odds) : undefined };
        }),
      }),
    acceptPrices: () => update({ selections: get().selections.map(({ previousOdds: _, ...s }) => s) }),
  };
});

export const isSelected = (selections: readonly SlipSelection[], key: string) =>
  selections.some((s) => legKey(s) === key);
