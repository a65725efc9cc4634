import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import {
  UNIT_SIZE_PRESETS,
  UNIT_TYPES,
  type UnitSizePreset,
  type UnitType,
} from '../../domain/unit-naming';

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

function DialogButtons({
  onCancel,
  submitLabel,
  busy,
  testId,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  testId: string;
}) {
  return (
    <div className="dialog__footer">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className="button button--primary"
        disabled={busy}
        data-testid={`${testId}-submit`}
      >
        {submitLabel}
      </button>
    </div>
  );
}

/** One text field: a room's name, a unit's name. */
export function NameDialog({
  title,
  label,
  initialValue = '',
  submitLabel,
  busy = false,
  onSubmit,
  onClose,
  testId,
}: {
  title: string;
  label: string;
  initialValue?: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (value: string) => void;
  onClose: () => void;
  testId: string;
}) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
  return (
    <Dialog open title={title} onClose={onClose} testId={testId}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{label}</label>
          <input
            id={`${id}-name`}
            value={value}
            maxLength={100}
            autoComplete="off"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
            data-testid={`${testId}-input`}
          />
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <DialogButtons onCancel={onClose} submitLabel={submitLabel} busy={busy} testId={testId} />
      </form>
    </Dialog>
  );
}

function NumberField({
  id,
  value,
  onChange,
  error,
  testId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  testId: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Isle number</label>
      <input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        value={value}
        autoComplete="off"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`${testId}-number`}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function parseIsleNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= 100000 ? value : null;
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
  onSubmit,
  onClose,
}: {
  suggestedNumber: number;
  busy?: boolean;
  onSubmit: (input: { isleIndex: number; unitType: UnitType; size: UnitSizePreset }) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [number, setNumber] = useState(String(suggestedNumber));
  const [unitType, setUnitType] = useState<UnitType>('box');
  const [size, setSize] = useState<UnitSizePreset>('MEDIUM');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isleIndex = parseIsleNumber(number);
    if (isleIndex === null) {
      setError('Enter a whole number from 1');
      return;
    }
    onSubmit({ isleIndex, unitType, size });
  };
  return (
    <Dialog open title="Add isle" onClose={onClose} testId="add-isle-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <NumberField
          id={`${id}-number`}
          value={number}
          onChange={setNumber}
          error={error}
          testId="add-isle-dialog"
        />
        <p className="field__hint">The isle starts with one unit; add more to it later.</p>
        <UnitFields
          id={id}
          unitType={unitType}
          size={size}
          onType={setUnitType}
          onSize={setSize}
          testId="add-isle-dialog"
        />
        <DialogButtons
          onCancel={onClose}
          submitLabel="Add isle"
          busy={busy}
          testId="add-isle-dialog"
        />
      </form>
    </Dialog>
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
  const [number, setNumber] = useState(String(currentNumber));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isleIndex = parseIsleNumber(number);
    if (isleIndex === null) {
      setError('Enter a whole number from 1');
      return;
    }
    onSubmit(isleIndex);
  };
  return (
    <Dialog
      open
      title={`Change number of isle ${currentNumber}`}
      onClose={onClose}
      testId="renumber-isle-dialog"
    >
      <form className="form" onSubmit={submit} noValidate>
        <NumberField
          id={`${id}-number`}
          value={number}
          onChange={setNumber}
          error={error}
          testId="renumber-isle-dialog"
        />
        <DialogButtons
          onCancel={onClose}
          submitLabel="Save"
          busy={busy}
          testId="renumber-isle-dialog"
        />
      </form>
    </Dialog>
  );
}

export function AddUnitDialog({
  isleNumber,
  busy = false,
  onSubmit,
  onClose,
}: {
  isleNumber: number;
  busy?: boolean;
  onSubmit: (input: { unitType: UnitType; size: UnitSizePreset }) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [unitType, setUnitType] = useState<UnitType>('box');
  const [size, setSize] = useState<UnitSizePreset>('MEDIUM');
  return (
    <Dialog
      open
      title={`Add unit to isle ${isleNumber}`}
      onClose={onClose}
      testId="add-unit-dialog"
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ unitType, size });
        }}
        noValidate
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
        <DialogButtons
          onCancel={onClose}
          submitLabel="Add unit"
          busy={busy}
          testId="add-unit-dialog"
        />
      </form>
    </Dialog>
  );
}
