import type { Item } from '../../data/items/types';

/** A row's Edit, Label or Delete button, its spoken name saying which item it acts on. */
export function ItemButton({
  verb,
  item,
  onClick,
  danger = false,
}: {
  verb: 'Edit' | 'Label' | 'Delete';
  item: Item;
  onClick: (item: Item) => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'inv-button inv-button--danger' : 'inv-button'}
      aria-label={
        verb === 'Label' ? `Print label for ${item.item_name}` : `${verb} ${item.item_name}`
      }
      onClick={() => onClick(item)}
      data-testid={verb === 'Label' ? 'item-print-label' : `item-${verb.toLowerCase()}`}
    >
      {verb}
    </button>
  );
}
