import { useId } from 'react';
import { CURRENCIES, DATE_FORMATS, formatDate, formatPrice } from '../../domain/currency-date';
import {
  EBAY_COUNTRIES,
  FLOOR_SIZE_RANGE,
  LISTINGS_DAYS_RANGE,
  type Preferences,
} from '../../data/settings/preferences';
import { PreferencesForm } from './preferences-form';
import { usePreferencesForm } from './use-preferences-form';

const FIELDS = [
  'currency',
  'date_format',
  'drag_confirm',
  'floor_size',
  'ebay_country',
  'ebay_listings_date',
] as const;

/** A whole number typed in a number box, or NaN while it is not one. */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

interface Range {
  min: number;
  max: number;
}

const inRange = (value: number, range: Range) =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/** A whole-number box with its range in a hint, and in words beside it when the value is out. */
function WholeNumberField({
  id,
  label,
  hint,
  range,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  range: Range;
  value: number;
  onChange: (value: number) => void;
  testId: string;
}) {
  const ok = inRange(value, range);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={range.min}
        max={range.max}
        step={1}
        value={Number.isNaN(value) ? '' : value}
        onChange={(event) => onChange(wholeNumber(event.target.value))}
        aria-invalid={!ok}
        aria-describedby={ok ? `${id}-hint` : `${id}-hint ${id}-error`}
        data-testid={testId}
      />
      <span id={`${id}-hint`} className="field__hint">
        {hint}
      </span>
      {ok ? null : (
        <span id={`${id}-error`} className="field__error" data-testid={`${testId}-error`}>
          Enter a whole number from {range.min} to {range.max}
        </span>
      )}
    </div>
  );
}

export function GeneralSettings({ stored }: { stored: Preferences }) {
  const form = usePreferencesForm(stored, FIELDS);
  const id = useId();
  const { draft } = form;
  const floorOk = inRange(draft.floor_size, FLOOR_SIZE_RANGE);
  const daysOk = inRange(draft.ebay_listings_date, LISTINGS_DAYS_RANGE);

  // Named in the Save bar when they hold it back.
  const wrong = [
    floorOk ? null : 'the floor size',
    daysOk ? null : 'the eBay listings days',
  ].filter((name) => name !== null);

  return (
    <PreferencesForm
      testId="settings-general"
      onSave={() => {
        if (floorOk && daysOk) form.submit();
      }}
      dirty={form.dirty}
      saving={form.saving}
      problem={wrong.length > 0 ? `Correct ${wrong.join(' and ')} to save` : null}
      ownChecks
    >
      <div className="field">
        <label htmlFor={`${id}-currency`}>Currency</label>
        <select
          id={`${id}-currency`}
          value={draft.currency}
          onChange={(event) => form.set('currency', event.target.value)}
          data-testid="setting-currency"
        >
          {/* a stored code outside the list stays selectable rather than silently changing */}
          {[...new Set([...CURRENCIES, draft.currency])].map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <span className="field__hint" data-testid="setting-currency-example">
          Prices show as {formatPrice(1234.5, draft.currency)}
        </span>
      </div>

      <div className="field">
        <label htmlFor={`${id}-date`}>Date format</label>
        <select
          id={`${id}-date`}
          value={draft.date_format}
          onChange={(event) =>
            form.set('date_format', event.target.value as Preferences['date_format'])
          }
          data-testid="setting-date-format"
        >
          {Object.entries(DATE_FORMATS).map(([format, pattern]) => (
            <option key={format} value={format}>
              {format} ({pattern})
            </option>
          ))}
        </select>
        <span className="field__hint" data-testid="setting-date-example">
          31 December 2026 shows as {formatDate('2026-12-31', draft.date_format)}
        </span>
      </div>

      <div className="field field--check">
        <input
          id={`${id}-drag`}
          type="checkbox"
          checked={draft.drag_confirm}
          onChange={(event) => form.set('drag_confirm', event.target.checked)}
          data-testid="setting-drag-confirm"
        />
        <label htmlFor={`${id}-drag`}>Ask before moving an item by drag and drop</label>
      </div>

      <WholeNumberField
        id={`${id}-floor`}
        label="Floor size of the 3D view"
        hint={`Grid squares along each side, ${FLOOR_SIZE_RANGE.min} to ${FLOOR_SIZE_RANGE.max}`}
        range={FLOOR_SIZE_RANGE}
        value={draft.floor_size}
        onChange={(value) => form.set('floor_size', value)}
        testId="setting-floor-size"
      />

      <div className="field">
        <label htmlFor={`${id}-country`}>eBay country</label>
        <select
          id={`${id}-country`}
          value={draft.ebay_country}
          onChange={(event) => form.set('ebay_country', event.target.value)}
          data-testid="setting-ebay-country"
        >
          {EBAY_COUNTRIES.some((country) => country.code === draft.ebay_country) ? null : (
            <option value={draft.ebay_country}>{draft.ebay_country}</option>
          )}
          {EBAY_COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} ({country.code})
            </option>
          ))}
        </select>
        <span className="field__hint">The eBay site your listings and orders come from</span>
      </div>

      <WholeNumberField
        id={`${id}-listings`}
        label="eBay listings to show (days)"
        hint={`Listings created in the last this many days, ${LISTINGS_DAYS_RANGE.min} to ${LISTINGS_DAYS_RANGE.max}`}
        range={LISTINGS_DAYS_RANGE}
        value={draft.ebay_listings_date}
        onChange={(value) => form.set('ebay_listings_date', value)}
        testId="setting-ebay-listings-days"
      />
    </PreferencesForm>
  );
}
