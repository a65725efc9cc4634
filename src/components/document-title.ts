import { useEffect } from 'react';

/** Sets the browser tab title for a page, e.g. 'Pricing · Stockroom'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === '' ? 'Stockroom' : `${title} · Stockroom`;
  }, [title]);
}
