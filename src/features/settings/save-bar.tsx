import { useId } from 'react';

/**
 * The Save button at the foot of every preferences tab. When a value on the tab cannot be saved,
 * Save is held back and says why in words beside it (not only a browser tooltip).
 */
export function SaveBar({
  dirty,
  saving,
  testId,
  problem = null,
}: {
  dirty: boolean;
  saving: boolean;
  testId: string;
  /** Why Save is held back, or null. */
  problem?: string | null;
}) {
  const id = useId();
  return (
    <div className="settings__actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={saving || !dirty || problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        data-testid={`${testId}-save`}
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
      {problem ? (
        <span
          id={`${id}-problem`}
          className="field__error"
          role="status"
          data-testid={`${testId}-problem`}
        >
          {problem}
        </span>
      ) : dirty && !saving ? (
        <span className="muted">You have unsaved changes</span>
      ) : null}
    </div>
  );
}
