import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

export interface TextFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown beside the label (a "Forgot password?" link). */
  labelAction?: ReactNode;
  /** Inside running text (a dialog's message) the field must be a span, not a div. */
  inline?: boolean;
  /** Below the input: a hint or the field's error. */
  children?: ReactNode;
  testId?: string;
}

/** A labelled text input: the label always names its input, so screen readers read both. */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  labelAction,
  inline = false,
  children,
  testId,
  ...input
}: TextFieldProps) {
  const Wrapper = inline ? 'span' : 'div';
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <Wrapper className="field">
      {labelAction ? (
        <div className="field__label-row">
          {labelElement}
          {labelAction}
        </div>
      ) : (
        labelElement
      )}
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        data-testid={testId}
        {...input}
      />
      {children}
    </Wrapper>
  );
}

/** The six-digit code from an authenticator app, typed or filled in by the phone. */
export function AppCodeField(props: Omit<TextFieldProps, 'inputMode' | 'autoComplete'>) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}

/** The e-mail address a seller signs in with. */
export function EmailField(props: Pick<TextFieldProps, 'id' | 'value' | 'onValueChange'>) {
  return (
    <TextField label="E-mail" name="email" type="email" autoComplete="email" required {...props} />
  );
}
