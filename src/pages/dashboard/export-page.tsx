import { RoleGate } from '../../features/account';
import { ExportScreen } from '../../features/import-export';
import { texts } from '../../lib/messages';

export default function ExportPage() {
  return (
    <RoleGate action="export" sentence={texts.roleCannotImport}>
      <ExportScreen />
    </RoleGate>
  );
}
