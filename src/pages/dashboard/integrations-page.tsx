import { ScreenPlaceholder } from './screen-placeholder';

export default function IntegrationsPage() {
  return (
    <ScreenPlaceholder
      title="Integrations"
      testId="integrations-page"
      purpose="Connect or disconnect your eBay seller account so listings and orders can be used in Stockroom."
    />
  );
}
