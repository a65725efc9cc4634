/** Full-page placeholder while the session or a page's data is loading. */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-screen" data-testid="loading-screen" role="status" aria-live="polite">
      <span className="spinner spinner--large" aria-hidden="true" />
      <p className="loading-screen__label">{label}</p>
    </div>
  );
}
