export interface DragPreview {
  /** 'Moving N item(s)', worded exactly as docs/product.md#moving-items. */
  title: string;
  firstItemName: string;
  /** '+N more' for the items not named, or null when only one is moving. */
  more: string | null;
}

/** The floating preview while dragging these items (names in selection order); null for none. */
export function dragPreview(itemNames: readonly string[]): DragPreview | null {
  const [first] = itemNames;
  if (first === undefined) return null;
  const others = itemNames.length - 1;
  return {
    title: `Moving ${itemNames.length} item(s)`,
    firstItemName: first,
    more: others > 0 ? `+${others} more` : null,
  };
}
