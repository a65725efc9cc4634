/** The Save button at the foot of every preferences tab. */
export function SaveBar({
  dirty,
  saving,
  testId,
}: {
  dirty: boolean;
  saving: boolean;
  testId: string;
}) {
  return (
    <div className="settings__actions">
      <button
        type="submit"
        className="button button--primary"
        disabled={saving || !dirty}
        data-testid={`${testId}-save`}
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
      {dirty && !saving ? <span className="muted">You have unsaved changes</span> : null}
    </div>
  );
}
