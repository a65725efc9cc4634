/**
 * The Save button at the foot of every preferences tab. A change that cannot be saved yet says
 * why beside the button, not only in a browser tooltip.
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
  problem?: string | null;
}) {
  return (
    <div className="settings__actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={saving || !dirty || problem !== null}
        data-testid={`${testId}-save`}
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
      {dirty && problem ? (
        <span className="field__error" data-testid={`${testId}-problem`}>
          {problem}
        </span>
      ) : dirty && !saving ? (
        <span className="muted">You have unsaved changes</span>
      ) : null}
    </div>
  );
}
