import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import {
  EMPTY_ITEM_FORM,
  datePattern,
  validateItemForm,
  type ItemFields,
  type ItemFormErrors,
  type ItemFormValues,
} from './item-form';

const FIELDS: {
  key: keyof ItemFormValues;
  label: string;
  inputMode?: 'numeric' | 'decimal';
  required?: boolean;
}[] = [
  { key: 'item_name', label: 'Item name', required: true },
  { key: 'quantity', label: 'Quantity', inputMode: 'numeric', required: true },
  { key: 'barcode', label: 'Barcode' },
  { key: 'sku', label: 'SKU' },
  { key: 'price_paid', label: 'Price paid', inputMode: 'decimal' },
  { key: 'expiry_date', label: 'Expiry date' },
  { key: 'reorder_level', label: 'Reorder level', inputMode: 'numeric' },
];

/**
 * Add or edit one item: name, quantity, barcode, SKU, price paid, expiry date, reorder level.
 * `only` shows just those fields (a picker's edit: the quantity), with `note` saying why; the
 * hidden ones keep their initial values.
 */
export function ItemDialog({
  title,
  mode,
  initial = EMPTY_ITEM_FORM,
  only,
  note,
  currency,
  dateFormat,
  location,
  busy = false,
  failure = null,
  onSubmit,
  onClose,
  onPrintLabel,
  limit = null,
  photos = null,
}: {
  title: string;
  mode: 'add' | 'edit';
  initial?: ItemFormValues;
  only?: readonly (keyof ItemFormValues)[];
  note?: string;
  currency: string;
  dateFormat: string;
  /** Where the item is or goes, e.g. 'Garage › Isle 1 › A › Shelf 2'. */
  location: string;
  busy?: boolean;
  /** Why the last save did not reach the server (offline): said above the buttons, values kept. */
  failure?: string | null;
  onSubmit: (fields: ItemFields) => void;
  onClose: () => void;
  /** Edit only: the labels screen with this item chosen. */
  onPrintLabel?: () => void;
  /** Add only: the plan's limit said before the form is filled; `blocked` disables Save. */
  limit?: { blocked: boolean; message: string } | null;
  /** Edit only: the item's Photos section (src/features/photos), above the fields. */
  photos?: ReactNode;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ItemFormErrors>({});
  // A failure shows at the end of the fields, above the fixed buttons; the body scrolls to it.
  const endRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateItemForm(values, dateFormat);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.fields);
  };

  const hint = (key: keyof ItemFormValues): string | null => {
    if (key === 'price_paid') return `In ${currency}`;
    if (key === 'expiry_date') return datePattern(dateFormat);
    if (key === 'reorder_level') return 'Optional: listed as low stock at or below this quantity';
    return null;
  };

  return (
    // The buttons sit in the dialog's footer, outside the scrolling fields, so Add item and
    // Cancel stay on a 768 px high screen; Add item submits the form by its id.
    <Dialog
      open
      title={title}
      onClose={onClose}
      testId="item-dialog"
      footer={
        <>
          {mode === 'edit' && onPrintLabel ? (
            <button
              type="button"
              className="button button--ghost item-dialog__print"
              onClick={onPrintLabel}
              data-testid="item-dialog-print-label"
            >
              Print label
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button button--primary"
            disabled={busy || Boolean(limit?.blocked)}
            data-testid="item-dialog-submit"
          >
            {mode === 'add' ? 'Add item' : 'Save'}
          </button>
        </>
      }
    >
      <p className="muted item-dialog__location" data-testid="item-dialog-location">
        {location}
      </p>
      {note ? (
        <p className="muted" data-testid="item-dialog-note">
          {note}
        </p>
      ) : null}
      {limit ? (
        <p
          className={`notice ${limit.blocked ? 'notice--error' : 'notice'}`}
          role={limit.blocked ? 'alert' : 'status'}
          data-testid="item-dialog-limit"
        >
          {limit.message} <Link to="/pricing">See plans and upgrade</Link>
        </p>
      ) : null}
      {photos}
      <form id={`${id}-form`} className="form item-form" onSubmit={submit} noValidate>
        {FIELDS.filter((field) => !only || only.includes(field.key)).map((field) => {
          const inputId = `${id}-${field.key}`;
          const error = errors[field.key];
          const fieldHint = hint(field.key);
          const describedBy =
            [fieldHint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
              .filter(Boolean)
              .join(' ') || undefined;
          return (
            <div className="field" key={field.key}>
              <label htmlFor={inputId}>
                {field.label}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              <input
                id={inputId}
                name={field.key}
                value={values[field.key]}
                inputMode={field.inputMode}
                autoComplete="off"
                required={field.required}
                placeholder={field.key === 'expiry_date' ? datePattern(dateFormat) : undefined}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={describedBy}
                onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
                data-testid={`item-${field.key}`}
              />
              {fieldHint ? (
                <p id={`${inputId}-hint`} className="field__hint">
                  {fieldHint}
                </p>
              ) : null}
              {error ? (
                <p id={`${inputId}-error`} className="field__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {failure ? (
          <p
            ref={endRef}
            className="notice notice--error item-dialog__failure"
            role="alert"
            data-testid="item-dialog-failure"
          >
            {failure}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
