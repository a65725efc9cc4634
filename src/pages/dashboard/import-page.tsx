import { ScreenPlaceholder } from './screen-placeholder';

export default function ImportPage() {
  return (
    <ScreenPlaceholder
      title="Import"
      testId="import-page"
      purpose="Add many items at once from a CSV file; every row is checked against your rooms, isles, units and shelves before anything is saved."
    />
  );
}
