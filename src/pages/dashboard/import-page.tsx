import { RoleGate } from '../../features/account';
import { ImportScreen } from '../../features/import-export';
import { texts } from '../../lib/messages';

export default function ImportPage() {
  return (
    <RoleGate action="import" sentence={texts.roleCannotImport}>
      <ImportScreen />
    </RoleGate>
  );
}
