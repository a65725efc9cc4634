import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccountPlanId, useAccountId } from '../account';
import { NeedsConnection } from '../../components/offline-notice';
import { Screen } from '../../components/screen';
import { notify } from '../../components/toasts';
import { useProcessingOverlay } from '../../components/processing-overlay';
import { showError } from '../../components/show-error';
import { ColumnHeadings, ScrollingTable } from '../../components/table';
import { messages } from '../../lib/messages';
import { useOffline } from '../../lib/online';
import { formatCount } from '../../lib/format';
import { COLUMN_HEADERS, IMPORT_FIELDS } from '../../domain/import-columns';
import { TEMPLATE_CSV, TEMPLATE_FILE_NAME } from '../../domain/csv-template';
import { formatImportError, importErrorsCsv } from '../../domain/import-validation';
import { useAuth } from '../auth';
import { downloadText } from './download';
import { useGetImportBasis } from '../../data/import-export/get-import-basis';
import type { ImportMode } from '../../domain/import-matching';
import {
  buildImportPreview,
  canCommit,
  commitLabel,
  importCounts,
  type ImportPreview,
  type RowPlan,
} from './import-preview';
import {
  ImportError,
  useImportItems,
  type ImportProgress,
} from '../../data/import-export/import-items';
import { readImportFile } from './read-import-file';
import './import-export.css';

/** A preview of 5000 rows would be a wall; the first rows show the shape, errors list them all. */
const PREVIEW_ROWS = 100;
const PREVIEW_HEADINGS = ['Row', 'Action', ...IMPORT_FIELDS.map((field) => COLUMN_HEADERS[field])];

type PreviewInput = Omit<Parameters<typeof buildImportPreview>[0], 'mode'>;

type Outcome =
  | { kind: 'complete'; imported: number; updated: number; unchanged: number }
  | {
      kind: 'failed';
      message: string;
      rowErrors: readonly string[];
      /** A plan limit's refusal: how many more items fit, in the database's words and count. */
      limitHint: string | null;
    };

export function ImportScreen() {
  const { user } = useAuth();
  const accountId = useAccountId();
  // The account's plan (a manager imports into the owner's account, whose plan applies).
  const planId = useAccountPlanId();
  const getImportBasis = useGetImportBasis(accountId);
  const overlay = useProcessingOverlay();
  const [previewInput, setPreviewInput] = useState<PreviewInput | null>(null);
  const [mode, setMode] = useState<ImportMode>('update');
  // The preview follows the seller's choice of mode without reading the file again.
  const preview = useMemo(
    () => (previewInput ? buildImportPreview({ ...previewInput, mode }) : null),
    [previewInput, mode],
  );
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const importMutation = useImportItems(accountId, setProgress);
  // A file is checked against the stockroom as the server has it now, and saved there: offline
  // both wait, and a preview already on screen stays for when the connection is back.
  const offline = useOffline();

  async function onFileChosen(file: File) {
    setFileName(file.name);
    setOutcome(null);
    setPreviewInput(null);
    setMode('update');
    try {
      const next = await overlay.run(async () => {
        // Rows are checked against the storage and item count as they are now.
        const [parsed, basis] = await Promise.all([readImportFile(file), getImportBasis()]);
        return { fileName: file.name, parsed, planId, ...basis };
      }, 'Checking your file...');
      setPreviewInput(next);
    } catch (error) {
      showError(error, messages.importFailed());
    }
  }

  function reset() {
    setPreviewInput(null);
    setProgress(null);
    setInputKey((key) => key + 1);
    setFileName(null);
  }

  function commit() {
    if (!preview || !canCommit(preview)) return;
    importMutation.mutate(
      { rows: preview.upload, mode: preview.mode },
      {
        onSuccess: (result) => {
          notify(
            preview.mode === 'update'
              ? messages.importUpdated(result.imported, result.updated)
              : messages.importComplete(result.imported),
          );
          setOutcome({
            kind: 'complete',
            imported: result.imported,
            updated: result.updated,
            unchanged: result.unchanged,
          });
          reset();
        },
        onError: (error) => {
          showError(error, messages.importFailed());
          setOutcome({
            kind: 'failed',
            message: error instanceof Error ? error.message : 'The file could not be imported',
            // If the storage changed since the preview, the server's row errors are listed too.
            rowErrors: error instanceof ImportError ? error.rowErrors : [],
            limitHint: error instanceof ImportError && error.planLimit ? (error.hint ?? '') : null,
          });
          setProgress(null);
        },
      },
    );
  }

  const importing = importMutation.isPending;
  const canChoose = !importing && Boolean(user) && !offline;

  return (
    <Screen
      testId="import-page"
      title="Import"
      intro="Add many items at once from a CSV file. Every row is checked against your rooms, isles, units and shelves before anything is saved, and a file with any problem is not imported at all."
    >
      <div className="transfer-actions">
        <button
          type="button"
          className="button button--secondary"
          data-testid="import-template"
          onClick={() => downloadText(TEMPLATE_FILE_NAME, TEMPLATE_CSV, 'text/csv;charset=utf-8')}
        >
          Download template
        </button>
        <span className="muted">
          Columns: {IMPORT_FIELDS.map((field) => COLUMN_HEADERS[field]).join(', ')}. CSV only.
        </span>
      </div>

      <NeedsConnection need="import" />
      <div className="transfer-file">
        <span className="transfer-file__title" id="import-file-title">
          Choose a CSV file
        </span>
        <div
          className="file-picker"
          data-dragging={dragging ? 'true' : undefined}
          data-testid="import-drop-zone"
          onDragOver={(event) => {
            if (!canChoose || !event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null))
              setDragging(false);
          }}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const file = event.dataTransfer.files[0];
            if (canChoose && file) void onFileChosen(file);
          }}
        >
          {/* The real input stays the labelled, focusable control (keyboard, screen readers,
              Playwright's setInputFiles); the label beside it is what is drawn. */}
          <input
            key={inputKey}
            id="import-file"
            className="file-picker__input"
            type="file"
            accept=".csv,text/csv"
            aria-labelledby="import-file-title"
            aria-describedby="import-file-name import-file-hint"
            data-testid="import-file-input"
            disabled={!canChoose}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void onFileChosen(file);
            }}
          />
          <label htmlFor="import-file" className="button button--secondary file-picker__button">
            Choose file…
          </label>
          <span className="file-picker__name" id="import-file-name" data-testid="import-file-name">
            {fileName ?? 'No file chosen'}
          </span>
          <span className="file-picker__drop muted" aria-hidden="true">
            or drop it here
          </span>
        </div>
        <span className="field__hint" id="import-file-hint">
          Up to 10 MB. Dates as YYYY-MM-DD or your date format.
        </span>
      </div>

      {outcome?.kind === 'complete' ? (
        <div className="notice notice--success" role="status" data-testid="import-complete">
          <p>
            <strong>Import Complete</strong>: {formatCount(outcome.imported)}{' '}
            {outcome.imported === 1 ? 'item was' : 'items were'} imported
            {outcome.updated > 0 || outcome.unchanged > 0 ? (
              <>
                , {formatCount(outcome.updated)} {outcome.updated === 1 ? 'item was' : 'items were'}{' '}
                updated
                {outcome.unchanged > 0
                  ? ` (${formatCount(outcome.unchanged)} already matched the file)`
                  : ''}
              </>
            ) : null}
            .
          </p>
        </div>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <div className="notice notice--error" role="alert" data-testid="import-failed">
          <p>
            <strong>Import Failed</strong>: {outcome.message}. Nothing was imported.
          </p>
          {outcome.limitHint !== null ? (
            <p data-testid="import-failed-limit">
              {outcome.limitHint} <Link to="/pricing">See plans and upgrade</Link>
            </p>
          ) : null}
          {outcome.rowErrors.length > 1 ? (
            <ul
              className="transfer-errors"
              // scrolls when long: keyboard users must be able to reach and scroll it
              tabIndex={0}
              aria-label="Errors by row"
            >
              {outcome.rowErrors.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {importing && progress ? <ImportProgressBar progress={progress} /> : null}

      {preview && !importing ? (
        <PreviewPanel
          preview={preview}
          onModeChange={setMode}
          onCommit={commit}
          onCancel={reset}
          offline={offline}
        />
      ) : null}
    </Screen>
  );
}

function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
  return (
    <div data-testid="import-progress">
      <p>
        {progress.committing
          ? 'Saving all items...'
          : `Uploading batch ${progress.done} of ${progress.total}`}
      </p>
      <progress
        className="transfer-progress"
        max={100}
        value={percent}
        aria-label="Import progress"
      />
    </div>
  );
}

function PreviewPanel({
  preview,
  onModeChange,
  onCommit,
  onCancel,
  offline,
}: {
  preview: ImportPreview;
  offline: boolean;
  onModeChange: (mode: ImportMode) => void;
  onCommit: () => void;
  onCancel: () => void;
}) {
  const ready = canCommit(preview);
  const { updating, adding, unchanged } = importCounts(preview);
  const errorRows = new Set(preview.errors.map((error) => error.row));
  const errorCount = preview.errors.length;

  return (
    <section aria-labelledby="import-preview-title" data-testid="import-preview">
      <h2 id="import-preview-title">Preview of {preview.fileName}</h2>

      {preview.fileProblems.length > 0 ? (
        <div className="notice notice--error" role="alert" data-testid="import-file-problems">
          <p>
            <strong>This file can't be imported.</strong>
          </p>
          <ul>
            {preview.fileProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p data-testid="import-summary">
          {formatCount(preview.rows.length)} {preview.rows.length === 1 ? 'row' : 'rows'}
          {preview.matchesAny && preview.mode === 'update'
            ? ` (${formatCount(adding)} to add, ${formatCount(updating)} to update${unchanged > 0 ? `, ${formatCount(unchanged)} unchanged` : ''})`
            : ''}
          ,{' '}
          {errorCount === 0
            ? 'no errors'
            : `${formatCount(errorCount)} ${errorCount === 1 ? 'error' : 'errors'} in ${formatCount(errorRows.size)} ${errorRows.size === 1 ? 'row' : 'rows'}`}
          .
        </p>
      )}

      {preview.matchesAny ? <ModeChoice mode={preview.mode} onChange={onModeChange} /> : null}

      {preview.limitProblem ? (
        <div className="notice notice--error" role="alert">
          <p data-testid="import-limit">{preview.limitProblem}</p>
          <p data-testid="import-limit-room">
            {preview.limitRoom} <Link to="/pricing">See plans and upgrade</Link>
          </p>
        </div>
      ) : null}

      {errorCount > 0 ? (
        <div className="notice notice--error" data-testid="import-errors">
          <p>
            <strong>Fix these rows and choose the file again; nothing has been imported.</strong>
          </p>
          <ul
            className="transfer-errors"
            // scrolls when long: keyboard users must be able to reach and scroll it
            tabIndex={0}
            aria-label="Errors by row"
          >
            {preview.errors.map((error) => (
              <li key={`${error.row}-${error.field}-${error.message}`} data-testid="import-error">
                {formatImportError(error)}
              </li>
            ))}
          </ul>
          <p>
            <button
              type="button"
              className="button button--secondary"
              data-testid="import-errors-download"
              onClick={() =>
                downloadText(
                  'stockroom-import-errors.csv',
                  importErrorsCsv(preview.errors),
                  'text/csv;charset=utf-8',
                )
              }
            >
              Download errors (CSV)
            </button>
          </p>
        </div>
      ) : null}

      {preview.rows.length > 0 ? (
        <ScrollingTable className="transfer-table-wrap" label="Rows in the file">
          <table className="transfer-table" data-testid="import-preview-table">
            <caption className="visually-hidden">Rows read from {preview.fileName}</caption>
            <ColumnHeadings names={PREVIEW_HEADINGS} />
            <tbody>
              {preview.rows.slice(0, PREVIEW_ROWS).map(({ row, cells }) => (
                <tr
                  key={row}
                  data-testid="import-preview-row"
                  data-has-error={errorRows.has(row) ? 'true' : 'false'}
                  data-action={preview.plans[row - 2]?.action ?? 'error'}
                >
                  <th scope="row">{row}</th>
                  <td className="transfer-action">
                    <RowAction plan={preview.plans[row - 2]} />
                  </td>
                  {IMPORT_FIELDS.map((field) => (
                    <td key={field}>{cells[field] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      ) : null}
      {preview.rows.length > PREVIEW_ROWS ? (
        <p className="muted">
          Showing the first {PREVIEW_ROWS} of {formatCount(preview.rows.length)} rows.
        </p>
      ) : null}

      <div className="transfer-actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="import-commit"
          disabled={!ready || offline}
          onClick={onCommit}
        >
          {commitLabel(preview, ready)}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="import-cancel"
          onClick={onCancel}
        >
          Choose another file
        </button>
        <NeedsConnection need="import" compact />
      </div>
    </section>
  );
}

function ModeChoice({
  mode,
  onChange,
}: {
  mode: ImportMode;
  onChange: (mode: ImportMode) => void;
}) {
  return (
    <fieldset className="import-mode" data-testid="import-mode">
      <legend>Some rows match items you already have</legend>
      <p className="muted">
        A row matches by its SKU, else by its barcode. When updating, only the cells a row fills in
        change the item; an empty cell leaves that field as it is.
      </p>
      <label className="import-mode__option">
        <input
          type="radio"
          name="import-mode"
          value="update"
          checked={mode === 'update'}
          onChange={() => onChange('update')}
          data-testid="import-mode-update"
        />
        Update matching items and add the rest
      </label>
      <label className="import-mode__option">
        <input
          type="radio"
          name="import-mode"
          value="add"
          checked={mode === 'add'}
          onChange={() => onChange('add')}
          data-testid="import-mode-add"
        />
        Add all as new
      </label>
    </fieldset>
  );
}

/** Add, Update (matched by what, old → new per changed field, which fields stay) or Error. */
function RowAction({ plan }: { plan: RowPlan | undefined }) {
  if (!plan || plan.action === 'error')
    return <span className="transfer-action__tag transfer-action__tag--error">Error</span>;
  if (plan.action === 'add')
    return <span className="transfer-action__tag transfer-action__tag--add">Add</span>;
  return (
    <div data-testid="import-row-update">
      <span className="transfer-action__tag transfer-action__tag--update">
        Update {plan.itemName}
      </span>{' '}
      <span className="muted">(by {plan.matchedBy === 'sku' ? 'SKU' : 'barcode'})</span>
      {plan.changes.length > 0 ? (
        <ul className="transfer-action__changes">
          {plan.changes.map((change) => (
            <li key={change.label} data-testid="import-row-change">
              {change.label}: {change.from} → {change.to}
            </li>
          ))}
        </ul>
      ) : (
        <p className="transfer-action__changes muted">No changes</p>
      )}
      {plan.kept.length > 0 ? (
        <p className="transfer-action__kept muted">Kept (empty cells): {plan.kept.join(', ')}</p>
      ) : null}
    </div>
  );
}
