import { useDocumentTitle } from '../../components/document-title';
import { EbayOrdersScreen } from '../../features/ebay';

export default function EbayOrdersPage() {
  useDocumentTitle('eBay Orders');
  return (
    <section
      className="screen"
      data-testid="ebay-orders-page"
      aria-labelledby="ebay-orders-page-title"
    >
      <header className="screen__header no-print">
        <h1 id="ebay-orders-page-title">eBay Orders</h1>
        <p>Your recent eBay orders, with where each ordered item is stored.</p>
      </header>
      <EbayOrdersScreen />
    </section>
  );
}
