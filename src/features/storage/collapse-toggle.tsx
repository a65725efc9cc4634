import type { ReactNode } from 'react';

/**
 * The title of a unit or shelf as the button that collapses and expands it: a finger, a click,
 * Enter or Space; aria-expanded says which it is.
 */
export function CollapseToggle({
  expanded,
  onToggle,
  testId,
  children,
}: {
  expanded: boolean;
  onToggle: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="collapse-toggle"
      aria-expanded={expanded}
      onClick={onToggle}
      data-testid={testId}
    >
      <span className="collapse-toggle__chevron" aria-hidden="true" />
      {children}
    </button>
  );
}
