import { ScreenPlaceholder } from './screen-placeholder';

export default function EbayOrdersPage() {
  return (
    <ScreenPlaceholder
      title="eBay Orders"
      testId="ebay-orders-page"
      purpose="Your recent eBay orders, with where each ordered item is stored."
    />
  );
}
