import { Screen } from '../../components/screen';
import { showError } from '../../components/show-error';
import { messages } from '../../lib/messages';
import { formatCount } from '../../lib/format';
import { useAuth } from '../auth';
import { useExportAllData, useExportItemsCsv } from './export-data';
import './data-transfer.css';

export function ExportScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const csvExport = useExportItemsCsv(userId);
  const jsonExport = useExportAllData(userId, user?.email);
  const busy = csvExport.isPending || jsonExport.isPending;

  const exportFailed = (error: unknown) =>
    showError(error, messages.genericError('The export could not be created. Please try again'));

  return (
    <Screen
      testId="export-page"
      title="Export"
      intro="Download your inventory, with each item's room, isle, unit and shelf, as a file you can open in a spreadsheet, or everything in your account as one JSON file."
    >
      <div className="grid">
        <section className="card" aria-labelledby="export-csv-title">
          <h2 id="export-csv-title">Items (CSV)</h2>
          <p>
            The same columns as the import template, so the file can be edited and imported back.
            Cells that a spreadsheet would run as a formula are saved as text.
          </p>
          <button
            type="button"
            className="button button--primary"
            data-testid="export-csv"
            disabled={busy || !user}
            onClick={() => csvExport.mutate(undefined, { onError: exportFailed })}
          >
            {csvExport.isPending ? 'Preparing...' : 'Download CSV'}
          </button>
          {csvExport.isSuccess ? (
            <p className="muted" role="status" data-testid="export-csv-done">
              Exported {formatCount(csvExport.data)} {csvExport.data === 1 ? 'item' : 'items'}.
            </p>
          ) : null}
        </section>

        <section className="card" aria-labelledby="export-json-title">
          <h2 id="export-json-title">All data (JSON)</h2>
          <p>
            Rooms, isles, units, shelves, items, settings, plan and activity log. Marketplace
            sign-in tokens are never included.
          </p>
          <button
            type="button"
            className="button button--secondary"
            data-testid="export-json"
            disabled={busy || !user}
            onClick={() => jsonExport.mutate(undefined, { onError: exportFailed })}
          >
            {jsonExport.isPending ? 'Preparing...' : 'Download JSON'}
          </button>
          {jsonExport.isSuccess ? (
            <p className="muted" role="status" data-testid="export-json-done">
              Exported your account with {formatCount(jsonExport.data)}{' '}
              {jsonExport.data === 1 ? 'item' : 'items'}.
            </p>
          ) : null}
        </section>
      </div>
    </Screen>
  );
}
