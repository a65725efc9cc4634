import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { typedLikeScanner } from '../../domain/wedge-scanner';
import type { ScanSource } from '../../domain/scan-session';

export interface ScanInputProps {
  onScan: (code: string, source: ScanSource) => void;
  label: string;
  disabled?: boolean;
  /** Lets the screen put the focus back here (after a shelf is chosen, the next scan lands here). */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The scan field: a scanner types into it and presses Enter, and so can a person (manual entry
 * of a code the scanner cannot read). Key timing only labels which it was. The field keeps the
 * focus after each scan so the next one lands here too.
 */
export function ScanInput({ onScan, label, disabled = false, inputRef: outerRef }: ScanInputProps) {
  const [value, setValue] = useState('');
  const keyTimes = useRef<number[]>([]);
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = outerRef ?? ownRef;

  useEffect(() => {
    if (!disabled) inputRef.current?.focus();
  }, [disabled, inputRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key.length === 1) keyTimes.current.push(event.timeStamp);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    const times = keyTimes.current;
    keyTimes.current = [];
    setValue('');
    if (code === '') return;
    onScan(code, typedLikeScanner(times) ? 'scanner' : 'keyboard');
    inputRef.current?.focus();
  };

  return (
    <form className="scan-input" onSubmit={onSubmit} data-testid="scan-form">
      <label htmlFor="scan-code">{label}</label>
      <div className="scan-input__row">
        <input
          ref={inputRef}
          className="input"
          id="scan-code"
          // Boilerplate: an input lists its own attributes; each field sets them for its own use.
          name="code"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            if (event.target.value === '') keyTimes.current = [];
            setValue(event.target.value);
          }}
          onKeyDown={onKeyDown}
          placeholder="Scan or type a barcode, then Enter"
          data-testid="scan-code"
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={disabled || value.trim() === ''}
        >
          Add code
        </button>
      </div>
    </form>
  );
}
