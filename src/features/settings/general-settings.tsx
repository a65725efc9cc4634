import { useId } from 'react';
import { CURRENCIES, DATE_FORMATS, formatDate, formatPrice } from '../../domain/currency-date';
import {
  EBAY_COUNTRIES,
  FLOOR_SIZE_RANGE,
  LISTINGS_DAYS_RANGE,
  type Preferences,
} from '../../data/preferences/preferences';
import { SaveBar } from './save-bar';
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

export function GeneralSettings({ stored }: { stored: Preferences }) {
  const form = usePreferencesForm(stored, FIELDS);
  const id = useId();
  const { draft } = form;
  const floorOk =
    Number.isInteger(draft.floor_size) &&
    draft.floor_size >= FLOOR_SIZE_RANGE.min &&
    draft.floor_size <= FLOOR_SIZE_RANGE.max;
  const daysOk =
    Number.isInteger(draft.ebay_listings_date) &&
    draft.ebay_listings_date >= LISTINGS_DAYS_RANGE.min &&
    draft.ebay_listings_date <= LISTINGS_DAYS_RANGE.max;

  // Named in the Save bar when they hold it back.
  const wrong = [
    floorOk ? null : 'the floor size',
    daysOk ? null : 'the eBay listings days',
  ].filter((name) => name !== null);

  return (
    <form
      className="form settings__form"
      // Our own checks say why beside each field; the browser's tooltip must not block Save.
      noValidate
      data-testid="settings-general"
      onSubmit={(event) => {
        event.preventDefault();
        if (floorOk && daysOk) form.submit();
      }}
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

      <div className="field">
        <label htmlFor={`${id}-floor`}>Floor size of the 3D view</label>
        <input
          id={`${id}-floor`}
          type="number"
          inputMode="numeric"
          min={FLOOR_SIZE_RANGE.min}
          max={FLOOR_SIZE_RANGE.max}
          step={1}
          value={Number.isNaN(draft.floor_size) ? '' : draft.floor_size}
          onChange={(event) => form.set('floor_size', wholeNumber(event.target.value))}
          aria-invalid={!floorOk}
          aria-describedby={floorOk ? `${id}-floor-hint` : `${id}-floor-hint ${id}-floor-error`}
          data-testid="setting-floor-size"
        />
        <span id={`${id}-floor-hint`} className="field__hint">
          Grid squares along each side, {FLOOR_SIZE_RANGE.min} to {FLOOR_SIZE_RANGE.max}
        </span>
        {floorOk ? null : (
          <span
            id={`${id}-floor-error`}
            className="field__error"
            data-testid="setting-floor-size-error"
          >
            Enter a whole number from {FLOOR_SIZE_RANGE.min} to {FLOOR_SIZE_RANGE.max}
          </span>
        )}
      </div>

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

      <div className="field">
        <label htmlFor={`${id}-listings`}>eBay listings to show (days)</label>
        <input
          id={`${id}-listings`}
          type="number"
          inputMode="numeric"
          min={LISTINGS_DAYS_RANGE.min}
          max={LISTINGS_DAYS_RANGE.max}
          step={1}
          value={Number.isNaN(draft.ebay_listings_date) ? '' : draft.ebay_listings_date}
          onChange={(event) => form.set('ebay_listings_date', wholeNumber(event.target.value))}
          aria-invalid={!daysOk}
          aria-describedby={
            daysOk ? `${id}-listings-hint` : `${id}-listings-hint ${id}-listings-error`
          }
          data-testid="setting-ebay-listings-days"
        />
        <span id={`${id}-listings-hint`} className="field__hint">
          Listings created in the last this many days, {LISTINGS_DAYS_RANGE.min} to{' '}
          {LISTINGS_DAYS_RANGE.max}
        </span>
        {daysOk ? null : (
          <span
            id={`${id}-listings-error`}
            className="field__error"
            data-testid="setting-ebay-listings-days-error"
          >
            Enter a whole number from {LISTINGS_DAYS_RANGE.min} to {LISTINGS_DAYS_RANGE.max}
          </span>
        )}
      </div>

      <SaveBar
        dirty={form.dirty}
        saving={form.saving}
        testId="settings-general"
        problem={wrong.length > 0 ? `Correct ${wrong.join(' and ')} to save` : null}
      />
    </form>
  );
}
