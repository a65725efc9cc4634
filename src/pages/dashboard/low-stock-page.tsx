import { LowStockTable } from '../../features/items';
import { ItemsScreen } from './items-screen';

/** Items out of stock or at or below their reorder level, worst first (issue #25, point 5). */
export default function LowStockPage() {
  return (
    <ItemsScreen
      testId="low-stock-page"
      title="Low Stock"
      intro="Items at 0 and items at or below their reorder level, fewest left first, with where they sit."
    >
      {({ accountId, places }) => <LowStockTable accountId={accountId} places={places} />}
    </ItemsScreen>
  );
}
