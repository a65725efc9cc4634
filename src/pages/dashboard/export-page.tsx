import { ExportScreen } from '../../features/data-transfer';

export default function ExportPage() {
  return <ExportScreen />;
}
