/**
 * Which parts of a screen a seller has collapsed or opened on this device (units, shelves, the
 * eBay listings panel), by id. Stored as JSON; whatever cannot be read counts as nothing chosen.
 */
export type CollapseState = ReadonlyMap<string, boolean>;

/** The most choices kept: the oldest go first, so the stored value stays small (a few KB). */
export const COLLAPSE_STATE_LIMIT = 1000;

export const NO_COLLAPSE_CHOICES: CollapseState = new Map();

export function parseCollapseState(raw: string | null): CollapseState {
  if (!raw) return NO_COLLAPSE_CHOICES;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return NO_COLLAPSE_CHOICES;
    const state = new Map<string, boolean>();
    for (const entry of value)
      if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'boolean')
        state.set(entry[0], entry[1]);
    return state;
  } catch {
    return NO_COLLAPSE_CHOICES;
  }
}

export function serialiseCollapseState(state: CollapseState): string {
  return JSON.stringify([...state]);
}

/**
 * The state with `id` collapsed or open, as the latest choice. `remember: false` forgets the
 * choice instead (for parts open unless chosen otherwise, being open needs no entry).
 */
export function withCollapsed(
  state: CollapseState,
  id: string,
  collapsed: boolean,
  remember = true,
): CollapseState {
  const next = new Map(state);
  next.delete(id);
  if (remember) next.set(id, collapsed);
  while (next.size > COLLAPSE_STATE_LIMIT) next.delete(next.keys().next().value!);
  return next;
}

/** The ids the choices are kept under, so a unit and a shelf never share one. */
export const collapseIds = {
  unit: (unitId: string) => `unit:${unitId}`,
  shelf: (shelfId: string) => `shelf:${shelfId}`,
  listings: 'listings',
} as const;
