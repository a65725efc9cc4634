import { ScreenPlaceholder } from './screen-placeholder';

export default function InventoryPage() {
  return (
    <ScreenPlaceholder
      title="Inventory"
      testId="inventory-page"
      purpose="Your rooms, isles, units and shelves, and the items on each shelf: add, find and move stock here."
    />
  );
}
