import { Screen } from '../../components/screen';
import { RoleGate } from '../../features/account';
import { IntegrationsScreen } from '../../features/ebay';
import { texts } from '../../lib/messages';

export default function IntegrationsPage() {
  return (
    <Screen
      testId="integrations-page"
      title="Integrations"
      intro="Connect or disconnect your eBay seller account so listings and orders can be used in Stockroom."
    >
      <RoleGate action="integrations" sentence={texts.ownerOnlyEbay}>
        <IntegrationsScreen />
      </RoleGate>
    </Screen>
  );
}
