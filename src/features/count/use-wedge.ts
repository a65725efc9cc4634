import { useEffect, useRef } from 'react';
import { WedgeDetector } from '../../domain/wedge-scanner';

const isEditable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * A scanner's burst of keys ending in Enter while the focus is on no field (a +/− button) counts
 * as a scan, as on Bulk Scan; keys typed into fields stay theirs.
 */
export function useWedge(onScan: (code: string) => void, enabled: boolean): void {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);
  useEffect(() => {
    if (!enabled) return undefined;
    const detector = new WedgeDetector();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) {
        detector.reset();
        return;
      }
      const result = detector.feed(event.key, event.timeStamp);
      if (result.kind === 'scan') {
        event.preventDefault();
        onScanRef.current(result.code);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
