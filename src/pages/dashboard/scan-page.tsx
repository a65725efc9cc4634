import { ScanScreen } from '../../features/barcodes';

export default function ScanPage() {
  return <ScanScreen />;
}
