import { Screen } from '../../components/screen';
import { IntegrationsScreen } from '../../features/ebay';

export default function IntegrationsPage() {
  return (
    <Screen
      testId="integrations-page"
      title="Integrations"
      intro="Connect or disconnect your eBay seller account so listings and orders can be used in Stockroom."
    >
      <IntegrationsScreen />
    </Screen>
  );
}
