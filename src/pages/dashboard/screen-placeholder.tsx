import { useDocumentTitle } from '../../components/document-title';

/**
 * The frame of a dashboard screen whose feature is built under its own issue: a real heading
 * and what the screen is for, and no pretend controls.
 */
export function ScreenPlaceholder({
  title,
  purpose,
  testId,
}: {
  title: string;
  purpose: string;
  testId: string;
}) {
  useDocumentTitle(title);
  return (
    <section className="screen" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <header className="screen__header">
        <h1 id={`${testId}-title`}>{title}</h1>
        <p>{purpose}</p>
      </header>
      <p className="muted" data-testid="screen-coming-soon">
        This screen is not available yet.
      </p>
    </section>
  );
}
