import type { ReactNode } from 'react';

/** A form's main button: disabled and saying what is happening while the request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled = false,
  block = false,
  testId,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  children: ReactNode;
  disabled?: boolean;
  /** Full width, as on the sign-in pages. */
  block?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      disabled={busy || disabled}
      data-testid={testId}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
