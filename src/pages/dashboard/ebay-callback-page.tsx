import { Screen } from '../../components/screen';
import { EbayCallbackScreen } from '../../features/ebay';

export default function EbayCallbackPage() {
  return (
    <Screen
      testId="ebay-callback-page"
      title="Connecting eBay"
      intro="eBay sends you back here after you approve access, to finish connecting your account."
    >
      <EbayCallbackScreen />
    </Screen>
  );
}
