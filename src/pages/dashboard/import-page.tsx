import { ImportScreen } from '../../features/data-transfer';

export default function ImportPage() {
  return <ImportScreen />;
}
