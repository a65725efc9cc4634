import type { ReactNode } from 'react';
import { useAccountId } from '../account';
import type { UseMutationResult } from '@tanstack/react-query';
import { Screen } from '../../components/screen';
import { showError } from '../../components/show-error';
import { messages } from '../../lib/messages';
import { formatCount } from '../../lib/format';
import { NO_USER } from '../../domain/ids';
import { useAuth } from '../auth';
import {
  useExportAllData,
  useExportItemsCsv,
  type FullExport,
} from '../../data/import-export/export-data';
import { datedFileName, downloadText } from './download';
import './import-export.css';

/** An export that downloads a file and answers with how many items went into it. */
type ItemExport = UseMutationResult<number, Error, void>;

const saveCsv = (csv: string) =>
  downloadText(datedFileName('stockroom-items', 'csv'), csv, 'text/csv;charset=utf-8');
const saveJson = (data: FullExport) =>
  downloadText(
    datedFileName('stockroom-data', 'json'),
    JSON.stringify(data, null, 2),
    'application/json',
  );

const exportFailed = (error: unknown) =>
  showError(error, messages.genericError('The export could not be created. Please try again'));

export function ExportScreen() {
  const { user } = useAuth();
  const accountId = useAccountId();
  const csvExport = useExportItemsCsv(accountId, saveCsv);
  const jsonExport = useExportAllData(
    accountId,
    { id: user?.id ?? NO_USER, email: user?.email },
    saveJson,
  );
  const disabled = csvExport.isPending || jsonExport.isPending || !user;

  return (
    <Screen
      testId="export-page"
      title="Export"
      intro="Download your inventory, with each item's room, isle, unit and shelf, as a file you can open in a spreadsheet, or everything in your account as one JSON file."
    >
      <div className="grid">
        <ExportCard
          format="csv"
          title="Items (CSV)"
          about="The same columns as the import template, so the file can be edited and imported back. Cells that a spreadsheet would run as a formula are saved as text."
          download="Download CSV"
          primary
          run={csvExport}
          disabled={disabled}
          done={(count) => (
            <>
              Exported {formatCount(count)} {count === 1 ? 'item' : 'items'}.
            </>
          )}
        />
        <ExportCard
          format="json"
          title="All data (JSON)"
          about="Rooms, isles, units, shelves, items, settings, plan and activity log. Marketplace sign-in tokens are never included."
          download="Download JSON"
          run={jsonExport}
          disabled={disabled}
          done={(count) => (
            <>
              Exported your account with {formatCount(count)} {count === 1 ? 'item' : 'items'}.
            </>
          )}
        />
      </div>
    </Screen>
  );
}

function ExportCard({
  format,
  title,
  about,
  download,
  primary = false,
  run,
  disabled,
  done,
}: {
  format: 'csv' | 'json';
  title: string;
  about: string;
  download: string;
  primary?: boolean;
  run: ItemExport;
  disabled: boolean;
  /** What the seller is told once the file is downloaded. */
  done: (count: number) => ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`export-${format}-title`}>
      <h2 id={`export-${format}-title`}>{title}</h2>
      <p>{about}</p>
      <button
        type="button"
        className={primary ? 'button button--primary' : 'button button--secondary'}
        data-testid={`export-${format}`}
        disabled={disabled}
        onClick={() => run.mutate(undefined, { onError: exportFailed })}
      >
        {run.isPending ? 'Preparing...' : download}
      </button>
      {run.isSuccess ? (
        <p className="muted" role="status" data-testid={`export-${format}-done`}>
          {done(run.data)}
        </p>
      ) : null}
    </section>
  );
}
