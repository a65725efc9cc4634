import { act, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from '../../../src/lib/use-near-viewport';

// jsdom has no layout and no IntersectionObserver: both are stood in for, so the hook's own
// rules (checked at once, then watched, then never undone) are what is tested.
type Entries = Array<{ target: Element; isIntersecting: boolean }>;
let observed: Element[] = [];
// The hook's two observers, by their margin: 'near' (one window) and 'far' (three windows).
const callbacks = new Map<string, (entries: Entries) => void>();
const notify = (margin: 'near' | 'far', entries: Entries) => callbacks.get(margin)?.(entries);

class FakeIntersectionObserver {
  constructor(callback: (entries: Entries) => void, options: { rootMargin: string }) {
    callbacks.set(options.rootMargin.startsWith('100%') ? 'near' : 'far', callback);
  }
  observe(element: Element) {
    observed.push(element);
  }
  unobserve(element: Element) {
    observed = observed.filter((e) => e !== element);
  }
  disconnect() {}
}

// Every render of a Shelf, by id and what it drew.
let renders: string[] = [];

function Shelf({
  top,
  id,
  onLeave,
  guess,
  onFirstAnswer,
}: {
  top: number;
  id: string;
  onLeave?: (element: HTMLDivElement) => void;
  guess?: boolean;
  onFirstAnswer?: (near: boolean) => void;
}) {
  const [near, ref] = useNearViewport<HTMLDivElement>({ onLeave, guess, onFirstAnswer });
  renders.push(`${id}: ${near ? 'rows drawn' : 'placeholder'}`);
  const placed = useCallback(
    (element: HTMLDivElement | null) => {
      if (element) element.getBoundingClientRect = () => ({ top, bottom: top + 100 }) as DOMRect;
      return ref(element);
    },
    [ref, top],
  );
  return (
    <div ref={placed} data-testid={id}>
      {near ? 'rows drawn' : 'placeholder'}
    </div>
  );
}

describe('useNearViewport', () => {
  beforeEach(() => {
    observed = [];
    renders = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('innerHeight', 800);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws what starts within a window of the screen in the first render, and watches them all', () => {
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
    expect(observed).toHaveLength(6);
  });

  it('draws once with a right guess, and puts a wrong one right before the browser paints', () => {
    const answers: string[] = [];
    render(
      <>
        <Shelf id="top" top={100} guess onFirstAnswer={(near) => answers.push(`top ${near}`)} />
        <Shelf id="far" top={20000} guess onFirstAnswer={(near) => answers.push(`far ${near}`)} />
        <Shelf id="missed" top={200} guess={false} />
      </>,
    );
    expect(screen.getByTestId('top').textContent).toBe('rows drawn');
    expect(screen.getByTestId('far').textContent).toBe('placeholder');
    expect(screen.getByTestId('missed').textContent).toBe('rows drawn');
    // The right guess rendered once; each wrong one rendered again with the measured answer.
    expect(renders.filter((r) => r.startsWith('top'))).toEqual(['top: rows drawn']);
    expect(renders.filter((r) => r.startsWith('far'))).toEqual([
      'far: rows drawn',
      'far: placeholder',
    ]);
    expect(renders.filter((r) => r.startsWith('missed'))).toEqual([
      'missed: placeholder',
      'missed: rows drawn',
    ]);
    expect(answers).toEqual(['top true', 'far false']);
  });

  it('draws a watched element once it comes near', () => {
    render(<Shelf id="far" top={20000} />);
    const far = screen.getByTestId('far');
    act(() => notify('near', [{ target: far, isIntersecting: false }]));
    expect(far.textContent).toBe('placeholder');
    act(() => notify('near', [{ target: far, isIntersecting: true }]));
    expect(far.textContent).toBe('rows drawn');
  });

  it('lets go of what was scrolled far away, telling the caller first, and stops watching on unmount', () => {
    const left = vi.fn();
    const { unmount } = render(<Shelf id="top" top={100} onLeave={left} />);
    const top = screen.getByTestId('top');
    act(() => notify('near', [{ target: top, isIntersecting: true }]));
    // Scrolled just out of the near margin: still drawn.
    act(() => notify('near', [{ target: top, isIntersecting: false }]));
    act(() => notify('far', [{ target: top, isIntersecting: true }]));
    expect(left).not.toHaveBeenCalled();
    expect(top.textContent).toBe('rows drawn');
    act(() => notify('far', [{ target: top, isIntersecting: false }]));
    expect(left).toHaveBeenCalledTimes(1);
    expect(left).toHaveBeenCalledWith(top);
    expect(top.textContent).toBe('placeholder');
    unmount();
    expect(observed).toEqual([]);
  });

  it('draws everything where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Shelf id="far" top={20000} />);
    expect(screen.getByTestId('far').textContent).toBe('rows drawn');
  });
});
