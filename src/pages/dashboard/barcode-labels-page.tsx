import { LabelsScreen } from '../../features/barcodes';

export default function BarcodeLabelsPage() {
  return <LabelsScreen />;
}
