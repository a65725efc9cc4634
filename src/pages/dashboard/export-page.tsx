import { ScreenPlaceholder } from './screen-placeholder';

export default function ExportPage() {
  return (
    <ScreenPlaceholder
      title="Export"
      testId="export-page"
      purpose="Download your inventory, with each item's location, as a file you can open in a spreadsheet."
    />
  );
}
