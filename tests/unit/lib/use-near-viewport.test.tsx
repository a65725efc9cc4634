import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from '../../../src/lib/use-near-viewport';

// jsdom has no layout and no IntersectionObserver: both are stood in for, so the hook's own
// rules (checked at once, then watched, then never undone) are what is tested.
let observed: Element[] = [];
let notify: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void = () => {};

class FakeIntersectionObserver {
  constructor(callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void) {
    notify = callback;
  }
  observe(element: Element) {
    observed.push(element);
  }
  unobserve(element: Element) {
    observed = observed.filter((e) => e !== element);
  }
  disconnect() {}
}

function Shelf({ top, id }: { top: number; id: string }) {
  const [near, ref] = useNearViewport<HTMLDivElement>();
  return (
    <div
      ref={(element) => {
        if (element) element.getBoundingClientRect = () => ({ top, bottom: top + 100 }) as DOMRect;
        return ref(element);
      }}
      data-testid={id}
    >
      {near ? 'rows drawn' : 'placeholder'}
    </div>
  );
}

describe('useNearViewport', () => {
  beforeEach(() => {
    observed = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('innerHeight', 800);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws what starts within a window of the screen in the first render, and watches the rest', () => {
    render(
      <>
        <Shelf id="top" top={100} />
        <Shelf id="below" top={1500} />
        <Shelf id="far" top={20000} />
      </>,
    );
    expect(screen.getByTestId('top').textContent).toBe('rows drawn');
    expect(screen.getByTestId('below').textContent).toBe('rows drawn');
    expect(screen.getByTestId('far').textContent).toBe('placeholder');
    expect(observed).toEqual([screen.getByTestId('far')]);
  });

  it('draws a watched element once it comes near, and then stops watching it', () => {
    render(<Shelf id="far" top={20000} />);
    const far = screen.getByTestId('far');
    act(() => notify([{ target: far, isIntersecting: false }]));
    expect(far.textContent).toBe('placeholder');
    act(() => notify([{ target: far, isIntersecting: true }]));
    expect(far.textContent).toBe('rows drawn');
    expect(observed).toEqual([]);
  });

  it('draws everything where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Shelf id="far" top={20000} />);
    expect(screen.getByTestId('far').textContent).toBe('rows drawn');
  });
});
