/**
 * Labels said once: a value the seller typed may already begin with the word the screen puts
 * before it ('SKU SKU-114', 'Unit Unit Totes'), so the word is left out then (issue #39).
 * Pure: no I/O, no React.
 */

/** True when `value` begins with `label` as a whole word (case ignored): 'SKU-114', 'sku 1'. */
function startsWithWord(value: string, label: string): boolean {
  const head = value.trimStart().slice(0, label.length);
  if (head.toLowerCase() !== label.toLowerCase()) return false;
  const next = value.trimStart().charAt(label.length);
  return next === '' || !/[\p{L}\p{N}]/u.test(next);
}

/** 'SKU MUG-1', but 'SKU-114' when the value already says SKU. */
export function labelOnce(label: string, value: string): string {
  return startsWithWord(value, label) ? value : `${label} ${value}`;
}

/** 'Unit A', but 'Unit Totes' (not 'Unit Unit Totes') for a unit the seller named so. */
export function unitTitle(unitName: string, word: 'Unit' | 'unit' = 'Unit'): string {
  return labelOnce(word, unitName);
}
