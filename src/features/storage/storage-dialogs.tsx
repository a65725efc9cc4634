import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import type { LimitNotice } from '../../domain/limit-notice';
import {
  UNIT_SIZE_PRESETS,
  UNIT_TYPES,
  type UnitSizePreset,
  type UnitType,
} from '../../domain/unit-naming';
import { TextField as LabelledField } from '../../components/text-field';

const SIZE_LABELS: Record<UnitSizePreset, string> = {
  SMALL: 'Small',
  MEDIUM: 'Medium',
  LARGE: 'Large',
};

/**
 * What the size number counts, in words: about how many items the unit holds, shared by its
 * shelves. The 3D view measures each shelf's fill against the same number.
 */
export function unitSizeHint(size: UnitSizePreset): string {
  return `Holds about ${UNIT_SIZE_PRESETS[size]} items, shared by its shelves. The 3D view measures each shelf against its share: a guide, not a limit.`;
}

export const UNIT_TYPE_LABELS: Record<UnitType, string> = {
  bay: 'Bay',
  box: 'Box',
  cabinet: 'Cabinet',
  bin: 'Bin',
};

/**
 * A dialog holding one form, with Cancel and the submit button at its foot. With a plan limit
 * reached the form is not shown at all: the dialog says so, with the way to upgrade (issue #39).
 */
function FormDialog({
  title,
  testId,
  submitLabel,
  busy,
  limit = null,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  submitLabel: string;
  busy: boolean;
  limit?: LimitNotice | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const blocked = Boolean(limit?.blocked);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) onSubmit();
  };
  return (
    <Dialog open title={title} onClose={onClose} testId={testId}>
      <form className="form" onSubmit={submit} noValidate>
        {limit ? (
          <p
            className={blocked ? 'notice notice--error' : 'notice'}
            role={blocked ? 'alert' : 'status'}
            data-testid={`${testId}-limit`}
          >
            {limit.message} <Link to="/pricing">See plans and upgrade</Link>
          </p>
        ) : null}
        {blocked ? null : children}
        <div className="dialog__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || blocked}
            data-testid={`${testId}-submit`}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** One text field: a room's name, a unit's name. */
export function NameDialog({
  title,
  label,
  initialValue = '',
  submitLabel,
  busy = false,
  limit = null,
  onSubmit,
  onClose,
  testId,
}: {
  title: string;
  label: string;
  initialValue?: string;
  submitLabel: string;
  busy?: boolean;
  /** Add only: the plan's limit, said before the name is typed. */
  limit?: LimitNotice | null;
  onSubmit: (value: string) => void;
  onClose: () => void;
  testId: string;
}) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = () => {
    const trimmed = value.trim();
    if (trimmed === '') {
      setError(`${label} is required`);
      return;
    }
    if (trimmed.length > 100) {
      setError(`${label} can be at most 100 characters`);
      return;
    }
    onSubmit(trimmed);
  };
  // Boilerplate: a dialog names each prop it passes; a shared bag would hide which dialog sets what.
  return (
    <FormDialog
      title={title}
      testId={testId}
      submitLabel={submitLabel}
      busy={busy}
      limit={limit}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        id={`${id}-name`}
        label={label}
        value={value}
        onChange={setValue}
        error={error}
        testId={`${testId}-input`}
        maxLength={100}
      />
    </FormDialog>
  );
}

/** A labelled text input with its error below it, announced when it appears. */
/** The shared labelled field, with the storage dialogs' own error line under it. */
function TextField({
  id,
  onChange,
  error,
  ...field
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  testId: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'maxLength' | 'inputMode' | 'pattern'>) {
  return (
    <LabelledField
      id={id}
      {...field}
      onValueChange={onChange}
      autoComplete="off"
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </LabelledField>
  );
}

function parseIsleNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= 100000 ? value : null;
}

/** The isle number field's text and error; `read` gives the number, or shows why it is not one. */
function useIsleNumber(initial: number) {
  const [value, setValue] = useState(String(initial));
  const [error, setError] = useState<string | null>(null);
  const read = (): number | null => {
    const isleIndex = parseIsleNumber(value);
    if (isleIndex === null) setError('Enter a whole number from 1');
    return isleIndex;
  };
  return { value, onChange: setValue, error, read };
}

function IsleNumberField({
  id,
  number,
  testId,
}: {
  id: string;
  number: ReturnType<typeof useIsleNumber>;
  testId: string;
}) {
  return (
    <TextField
      id={id}
      label="Isle number"
      inputMode="numeric"
      pattern="[0-9]*"
      value={number.value}
      onChange={number.onChange}
      error={number.error}
      testId={`${testId}-number`}
    />
  );
}

function UnitFields({
  id,
  unitType,
  size,
  onType,
  onSize,
  testId,
}: {
  id: string;
  unitType: UnitType;
  size: UnitSizePreset;
  onType: (type: UnitType) => void;
  onSize: (size: UnitSizePreset) => void;
  testId: string;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-type`}>Unit type</label>
        <select
          id={`${id}-type`}
          value={unitType}
          onChange={(event) => onType(event.target.value as UnitType)}
          data-testid={`${testId}-type`}
        >
          {UNIT_TYPES.map((type) => (
            <option key={type} value={type}>
              {UNIT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-size`}>Unit size</label>
        <select
          id={`${id}-size`}
          value={size}
          onChange={(event) => onSize(event.target.value as UnitSizePreset)}
          aria-describedby={`${id}-size-hint`}
          data-testid={`${testId}-size`}
        >
          {(Object.keys(UNIT_SIZE_PRESETS) as UnitSizePreset[]).map((preset) => (
            <option key={preset} value={preset}>
              {SIZE_LABELS[preset]} ({UNIT_SIZE_PRESETS[preset]})
            </option>
          ))}
        </select>
        <p className="field__hint" id={`${id}-size-hint`} data-testid={`${testId}-size-hint`}>
          {unitSizeHint(size)}
        </p>
      </div>
    </>
  );
}

/** A new isle: its number (the lowest free one offered) and its first unit. */
export function AddIsleDialog({
  suggestedNumber,
  busy = false,
  limit = null,
  onSubmit,
  onClose,
}: {
  suggestedNumber: number;
  busy?: boolean;
  /** The unit limit: a new isle brings its first unit. */
  limit?: LimitNotice | null;
  onSubmit: (input: { isleIndex: number; unitType: UnitType; size: UnitSizePreset }) => void;
  onClose: () => void;
}) {
  const id = useId();
  const number = useIsleNumber(suggestedNumber);
  const [unitType, setUnitType] = useState<UnitType>('box');
  const [size, setSize] = useState<UnitSizePreset>('MEDIUM');
  const submit = () => {
    const isleIndex = number.read();
    if (isleIndex !== null) onSubmit({ isleIndex, unitType, size });
  };
  // Boilerplate: each dialog hands FormDialog its own title, test id and labels by name.
  return (
    <FormDialog
      title="Add isle"
      testId="add-isle-dialog"
      submitLabel="Add isle"
      busy={busy}
      limit={limit}
      onSubmit={submit}
      onClose={onClose}
    >
      <IsleNumberField id={`${id}-number`} number={number} testId="add-isle-dialog" />
      <p className="field__hint">The isle starts with one unit; add more to it later.</p>
      <UnitFields
        id={id}
        unitType={unitType}
        size={size}
        onType={setUnitType}
        onSize={setSize}
        testId="add-isle-dialog"
      />
    </FormDialog>
  );
}

export function RenumberIsleDialog({
  currentNumber,
  busy = false,
  onSubmit,
  onClose,
}: {
  currentNumber: number;
  busy?: boolean;
  onSubmit: (isleIndex: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  const number = useIsleNumber(currentNumber);
  const submit = () => {
    const isleIndex = number.read();
    if (isleIndex !== null) onSubmit(isleIndex);
  };
  return (
    <FormDialog
      title={`Change number of isle ${currentNumber}`}
      testId="renumber-isle-dialog"
      submitLabel="Save"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <IsleNumberField id={`${id}-number`} number={number} testId="renumber-isle-dialog" />
    </FormDialog>
  );
}

export function AddUnitDialog({
  isleNumber,
  busy = false,
  limit = null,
  onSubmit,
  onClose,
}: {
  isleNumber: number;
  busy?: boolean;
  limit?: LimitNotice | null;
  onSubmit: (input: { unitType: UnitType; size: UnitSizePreset }) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [unitType, setUnitType] = useState<UnitType>('box');
  const [size, setSize] = useState<UnitSizePreset>('MEDIUM');
  return (
    <FormDialog
      title={`Add unit to isle ${isleNumber}`}
      testId="add-unit-dialog"
      submitLabel="Add unit"
      busy={busy}
      limit={limit}
      onSubmit={() => onSubmit({ unitType, size })}
      onClose={onClose}
    >
      <UnitFields
        id={id}
        unitType={unitType}
        size={size}
        onType={setUnitType}
        onSize={setSize}
        testId="add-unit-dialog"
      />
      <p className="field__hint">
        Units are named A, B, C… in each isle; the next free letter is used.
      </p>
    </FormDialog>
  );
}
