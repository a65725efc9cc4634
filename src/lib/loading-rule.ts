/**
 * While auth or data is loading a loading screen shows on every page except the three
 * marketing pages, which must paint at once for visitors who are not signed in
 * (docs/product.md#loading-and-overlay).
 */
export const PATHS_WITHOUT_LOADING_SCREEN: readonly string[] = ['/', '/features', '/pricing'];

function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

export function showsLoadingScreen(pathname: string): boolean {
  return !PATHS_WITHOUT_LOADING_SCREEN.includes(normalisePath(pathname));
}
