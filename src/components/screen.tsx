import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title';

/**
 * A dashboard screen: its heading (also the browser tab's title, and the section's name for
 * screen readers, id `<testId>-title`), one line on what it is for, then its content.
 */
export function Screen({
  testId,
  title,
  intro,
  className,
  headerClassName,
  children,
}: {
  testId: string;
  title: string;
  intro: ReactNode;
  /** Added to `screen`. */
  className?: string;
  /** Added to `screen__header`, e.g. `no-print`. */
  headerClassName?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const titleId = `${testId}-title`;
  return (
    <section
      className={className ? `screen ${className}` : 'screen'}
      data-testid={testId}
      aria-labelledby={titleId}
    >
      <header className={headerClassName ? `screen__header ${headerClassName}` : 'screen__header'}>
        <h1 id={titleId}>{title}</h1>
        <p>{intro}</p>
      </header>
      {children}
    </section>
  );
}
