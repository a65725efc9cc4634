import { useId } from 'react';
import type { Preferences } from '../../data/settings/preferences';
import { PreferencesForm } from './preferences-form';
import { usePreferencesForm } from './use-preferences-form';

const FIELDS = ['barcode_batch', 'barcode_lookup'] as const;

export function BarcodeSettings({ stored }: { stored: Preferences }) {
  const form = usePreferencesForm(stored, FIELDS);
  const id = useId();
  return (
    <PreferencesForm
      testId="settings-barcode"
      onSave={() => form.submit()}
      dirty={form.dirty}
      saving={form.saving}
    >
      <div className="field field--check">
        <input
          id={`${id}-batch`}
          type="checkbox"
          checked={form.draft.barcode_batch}
          onChange={(event) => form.set('barcode_batch', event.target.checked)}
          aria-describedby={`${id}-batch-hint`}
          data-testid="setting-barcode-batch"
        />
        <label htmlFor={`${id}-batch`}>Batch scanning</label>
        <span id={`${id}-batch-hint`} className="field__hint">
          Scan several items into a list, then add them all at once
        </span>
      </div>
      <div className="field field--check">
        <input
          id={`${id}-lookup`}
          type="checkbox"
          checked={form.draft.barcode_lookup}
          onChange={(event) => form.set('barcode_lookup', event.target.checked)}
          aria-describedby={`${id}-lookup-hint`}
          data-testid="setting-barcode-lookup"
        />
        <label htmlFor={`${id}-lookup`}>Look up product names</label>
        <span id={`${id}-lookup-hint`} className="field__hint">
          Fill in an item&apos;s name from its barcode when the product is known
        </span>
      </div>
    </PreferencesForm>
  );
}
