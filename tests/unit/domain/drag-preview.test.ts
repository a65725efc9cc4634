// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dragPreview } from '../../../src/domain/drag-preview';

describe('dragPreview', () => {
  it('names the one item being moved', () => {
    expect(dragPreview(['Blue mug'])).toEqual({
      title: 'Moving 1 item(s)',
      firstItemName: 'Blue mug',
      more: null,
    });
  });
  it("adds '+N more' for the others", () => {
    expect(dragPreview(['Blue mug', 'Red mug', 'Teapot'])).toEqual({
      title: 'Moving 3 item(s)',
      firstItemName: 'Blue mug',
      more: '+2 more',
    });
  });
  it('shows nothing when nothing is dragged', () => {
    expect(dragPreview([])).toBeNull();
  });
});
