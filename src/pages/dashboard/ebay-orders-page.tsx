import { Screen } from '../../components/screen';
import { EbayOrdersScreen } from '../../features/ebay';

export default function EbayOrdersPage() {
  return (
    <Screen
      testId="ebay-orders-page"
      title="eBay Orders"
      intro="Your recent eBay orders, with where each ordered item is stored."
      headerClassName="no-print"
    >
      <EbayOrdersScreen />
    </Screen>
  );
}
