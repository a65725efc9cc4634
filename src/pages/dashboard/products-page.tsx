import { ProductsTable } from '../../features/items';
import { ItemsScreen } from './items-screen';

/** Every item in one table: sort, filter, edit and delete (the shelf view is Inventory). */
export default function ProductsPage() {
  return (
    <ItemsScreen
      testId="products-page"
      title="Products"
      intro="Every item you hold, wherever it is. Sort by a column, filter, edit or delete; select many to move, print, export or delete them."
    >
      {({ accountId, places, rooms }) => (
        <ProductsTable accountId={accountId} places={places} rooms={rooms} />
      )}
    </ItemsScreen>
  );
}
