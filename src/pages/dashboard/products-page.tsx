import { useMemo } from 'react';
import { useDocumentTitle } from '../../components/document-title';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from '../../features/auth';
import { ItemsProvider, ProductsTable, useItems } from '../../features/items';
import { DEFAULT_PREFERENCES } from '../../data/preferences/preferences';
import { usePreferences } from '../../features/settings';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { shelfPlaces } from '../../data/storage/tree';
import type { Room } from '../../data/storage/types';
import { currentPlanId, useSubscription } from '../../features/subscription';

const NO_ROOMS: Room[] = [];

/** Every item in one table: sort, filter, edit and delete (the shelf view is Inventory). */
export default function ProductsPage() {
  useDocumentTitle('Products');
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const planId = currentPlanId(useSubscription(userId).data);
  const tree = useStorageTree(userId);
  const items = useItems(userId);
  const preferences = usePreferences().data ?? DEFAULT_PREFERENCES;
  const rooms = tree.data ?? NO_ROOMS;
  const places = useMemo(() => shelfPlaces(rooms), [rooms]);
  const failed = tree.error ?? items.error;

  return (
    <section className="screen" data-testid="products-page" aria-labelledby="products-title">
      <header className="screen__header">
        <h1 id="products-title">Products</h1>
        <p>Every item you hold, wherever it is. Sort by a column, filter, edit or delete.</p>
      </header>
      {failed ? (
        <div className="notice notice--error" role="alert">
          <p>Your items could not be loaded. {failed.message}</p>
        </div>
      ) : !tree.isSuccess || !items.isSuccess ? (
        <LoadingScreen label="Loading your items…" />
      ) : (
        // Boilerplate: both routes give the items provider the same seller settings by name.
        <ItemsProvider
          userId={userId}
          planId={planId}
          currency={preferences.currency}
          dateFormat={preferences.date_format}
          places={places}
        >
          <ProductsTable userId={userId} places={places} />
        </ItemsProvider>
      )}
    </section>
  );
}
