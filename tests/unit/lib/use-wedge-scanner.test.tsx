import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWedgeScanner } from '../../../src/lib/use-wedge-scanner';

function Harness({ onScan }: { onScan: (code: string) => void }) {
  useWedgeScanner(onScan);
  return (
    <div>
      <button type="button" onClick={() => undefined}>
        Clear all
      </button>
      <input aria-label="Item name" />
    </div>
  );
}

/** Key presses `gapMs` apart on `target`, with the time stamps a real keyboard would give. */
function press(target: Element, keys: string, gapMs: number, startMs = 10_000) {
  const events: KeyboardEvent[] = [];
  [...keys.split(''), 'Enter'].forEach((key, i) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    // jsdom stamps events with the current time; give each the spacing under test instead
    Object.defineProperty(event, 'timeStamp', { value: startMs + i * gapMs });
    fireEvent(target, event);
    events.push(event);
  });
  return events;
}

afterEach(() => vi.restoreAllMocks());

describe('useWedgeScanner', () => {
  it('turns a fast burst ending in Enter into a scan, wherever the focus is not a field', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    const events = press(screen.getByRole('button', { name: 'Clear all' }), '5012345678900', 6);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('5012345678900');
    // the scan's Enter must not also press the focused button
    expect(events.at(-1)!.defaultPrevented).toBe(true);
  });

  it('leaves a person’s typing alone', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    const events = press(document.body, '1234567', 180);
    expect(onScan).not.toHaveBeenCalled();
    expect(events.at(-1)!.defaultPrevented).toBe(false);
  });

  it('does not take keys typed into other fields', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    press(screen.getByRole('textbox', { name: 'Item name' }), '5012345678900', 5);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('reads several scans in a row', () => {
    const onScan = vi.fn();
    render(<Harness onScan={onScan} />);
    press(document.body, 'AAA111', 5, 1_000);
    press(document.body, 'BBB222', 5, 5_000);
    expect(onScan.mock.calls).toEqual([['AAA111'], ['BBB222']]);
  });
});
