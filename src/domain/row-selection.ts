// Choosing many rows of a list (Products: act on many, issue #25 point 7), pure
// (tests/unit/domain/row-selection.test.ts). A click or Space toggles one row and makes it the
// anchor; Shift with it sets every row from the anchor to it (in the order shown) to the state
// the clicked row takes, as file managers and mail clients do.

export interface RowSelection {
  selected: ReadonlySet<string>;
  /** The row last toggled, where a Shift range starts. */
  anchor: string | null;
}

export const EMPTY_SELECTION: RowSelection = { selected: new Set(), anchor: null };

export function toggleRow(
  selection: RowSelection,
  order: readonly string[],
  id: string,
  on: boolean,
  range: boolean,
): RowSelection {
  const next = new Set(selection.selected);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (range && from !== -1 && to !== -1) {
    const [start, end] = from < to ? [from, to] : [to, from];
    for (const rowId of order.slice(start, end + 1)) {
      if (on) next.add(rowId);
      else next.delete(rowId);
    }
  } else if (on) next.add(id);
  else next.delete(id);
  return { selected: next, anchor: id };
}

/** Every given row chosen (the header checkbox, or "Select all N matching") or none of them. */
export function setRows(
  selection: RowSelection,
  ids: readonly string[],
  on: boolean,
): RowSelection {
  const next = new Set(selection.selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return { selected: next, anchor: selection.anchor };
}

/** How many of the given rows are chosen: 'none', 'some' or 'all' (the header checkbox). */
export function selectionState(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): 'none' | 'some' | 'all' {
  let count = 0;
  for (const id of ids) if (selected.has(id)) count += 1;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}
