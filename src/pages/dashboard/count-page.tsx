import { useSearchParams } from 'react-router-dom';
import { CountScreen, NotCountedList } from '../../features/count';
import { ItemsScreen } from './items-screen';

/** Count a shelf (?shelf=id), or choose one among those not counted lately (issue #41). */
export default function CountPage() {
  const [params] = useSearchParams();
  const shelfId = params.get('shelf');
  return (
    <ItemsScreen
      testId="count-page"
      title="Shelf Count"
      intro="Count what is really on a shelf: scan or tap each item, then apply the differences in one step."
    >
      {({ accountId, places }) =>
        shelfId ? (
          <CountScreen key={shelfId} accountId={accountId} shelfId={shelfId} places={places} />
        ) : (
          <NotCountedList accountId={accountId} />
        )
      }
    </ItemsScreen>
  );
}
