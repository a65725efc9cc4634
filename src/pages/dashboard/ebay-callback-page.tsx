import { ScreenPlaceholder } from './screen-placeholder';

export default function EbayCallbackPage() {
  return (
    <ScreenPlaceholder
      title="Connecting eBay"
      testId="ebay-callback-page"
      purpose="eBay sends you back here after you approve access, to finish connecting your account."
    />
  );
}
