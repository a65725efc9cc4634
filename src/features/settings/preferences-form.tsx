import type { ReactNode } from 'react';
import { SaveBar } from './save-bar';

/** A preferences tab: its fields, then the Save bar; saving stays on the page. */
export function PreferencesForm({
  testId,
  onSave,
  dirty,
  saving,
  problem = null,
  ownChecks = false,
  children,
}: {
  testId: string;
  onSave: () => void;
  dirty: boolean;
  saving: boolean;
  /** Why Save is held back, or null. */
  problem?: string | null;
  /** The tab says beside each field what is wrong, so the browser's tooltip must not block Save. */
  ownChecks?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="form settings__form"
      noValidate={ownChecks}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {children}
      <SaveBar dirty={dirty} saving={saving} testId={testId} problem={problem} />
    </form>
  );
}
