import { toast } from 'react-hot-toast';
import { afterEach } from 'vitest';

// Pure tests (rules, parsing, data mapping) say `// @vitest-environment node` on their first line:
// they need no DOM, and building a jsdom window per file was most of the unit run's time. Only
// the files that have a document get the DOM matchers and Testing Library's cleanup.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());

  // jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}

afterEach(() => {
  // react-hot-toast keeps its toasts in a module-level store: without this a toast raised by one
  // test is still there when the next test looks for one with the same title.
  toast.remove();
});
