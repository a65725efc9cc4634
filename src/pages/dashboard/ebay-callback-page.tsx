import { useDocumentTitle } from '../../components/document-title';
import { EbayCallbackScreen } from '../../features/ebay';

export default function EbayCallbackPage() {
  useDocumentTitle('Connecting eBay');
  return (
    <section
      className="screen"
      data-testid="ebay-callback-page"
      aria-labelledby="ebay-callback-page-title"
    >
      <header className="screen__header">
        <h1 id="ebay-callback-page-title">Connecting eBay</h1>
        <p>eBay sends you back here after you approve access, to finish connecting your account.</p>
      </header>
      <EbayCallbackScreen />
    </section>
  );
}
