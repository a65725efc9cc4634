import { ScreenPlaceholder } from './screen-placeholder';

export default function BarcodeLabelsPage() {
  return (
    <ScreenPlaceholder
      title="Barcode Labels"
      testId="barcode-labels-page"
      purpose="Print barcode labels for your items so they can be scanned straight back into Stockroom."
    />
  );
}
