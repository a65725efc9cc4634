import { ScreenPlaceholder } from './screen-placeholder';

export default function ProductsPage() {
  return (
    <ScreenPlaceholder
      title="Products"
      testId="products-page"
      purpose="The inventory items of your connected eBay account, fetched page by page."
    />
  );
}
