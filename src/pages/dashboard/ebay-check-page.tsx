import { Screen } from '../../components/screen';
import { EbayCheckScreen } from '../../features/ebay';

/** eBay against the shelves (issue #41). */
export default function EbayCheckPage() {
  return (
    <Screen
      testId="ebay-check-page"
      title="eBay Check"
      intro="What eBay and your shelves disagree on, each with what to do about it."
    >
      <EbayCheckScreen />
    </Screen>
  );
}
