import { useEffect, useRef } from 'react';
import { WedgeDetector } from '../domain/wedge-scanner';

const isEditable = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
};

/**
 * Catches keyboard-wedge scans typed while the focus is on no text field (a button, the page):
 * a fast burst of keys ending in Enter becomes `onScan(code)`. Keys typed into fields are left
 * to those fields (the scan field handles its own Enter, so both scanners and people can use it).
 */
export function useWedgeScanner(onScan: (code: string) => void, enabled = true): void {
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
        // The Enter of a scan must not also press whichever button has the focus.
        event.preventDefault();
        onScanRef.current(result.code);
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
