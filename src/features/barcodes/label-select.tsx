/** One choice on the labels screen, with the value it stands for. */
export interface LabelOption {
  value: string;
  name: string;
}

/** A labelled drop-down of the labels screen; `placeholder` is the empty first choice. */
export function LabelSelect({
  label,
  value,
  options,
  onChange,
  testId,
  placeholder,
}: {
  label: string;
  value: string;
  options: readonly LabelOption[];
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
}) {
  return (
    <label>
      {label}
      <select
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
