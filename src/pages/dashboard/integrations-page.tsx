import { useDocumentTitle } from '../../components/document-title';
import { IntegrationsScreen } from '../../features/ebay';

export default function IntegrationsPage() {
  useDocumentTitle('Integrations');
  return (
    <section
      className="screen"
      data-testid="integrations-page"
      aria-labelledby="integrations-page-title"
    >
      <header className="screen__header">
        <h1 id="integrations-page-title">Integrations</h1>
        <p>
          Connect or disconnect your eBay seller account so listings and orders can be used in
          Stockroom.
        </p>
      </header>
      <IntegrationsScreen />
    </section>
  );
}
