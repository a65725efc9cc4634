import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionsMenu } from '../../../src/components/actions-menu';

function renderMenu() {
  const rename = vi.fn();
  const remove = vi.fn();
  render(
    <>
      <button type="button">Elsewhere</button>
      <ActionsMenu
        label="More actions for unit A"
        testId="unit-menu"
        actions={[
          { label: 'Rename unit', ariaLabel: 'Rename unit A', onSelect: rename, testId: 'rename' },
          {
            label: 'Remove unit',
            ariaLabel: 'Remove unit A',
            onSelect: remove,
            danger: true,
            testId: 'remove',
          },
        ]}
      />
    </>,
  );
  const button = screen.getByRole('button', { name: 'More actions for unit A' });
  return { rename, remove, button };
}

describe('ActionsMenu', () => {
  it('is a closed menu button until pressed', () => {
    const { button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a click with focus on its first item, and runs the chosen one', async () => {
    const user = userEvent.setup();
    const { button, remove, rename } = renderMenu();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'More actions for unit A' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: 'Rename unit A' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'Remove unit A' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(rename).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    // Focus is back on the button, so a dialog the action opens returns it there.
    expect(button).toHaveFocus();
  });

  it('works from the keyboard: arrows wrap, Home and End, Escape closes back on the button', async () => {
    const user = userEvent.setup();
    const { button, rename } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    const renameItem = screen.getByRole('menuitem', { name: 'Rename unit A' });
    const removeItem = screen.getByRole('menuitem', { name: 'Remove unit A' });
    expect(removeItem).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(renameItem).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(removeItem).toHaveFocus();
    await user.keyboard('{Home}');
    expect(renameItem).toHaveFocus();
    await user.keyboard('{End}');
    expect(removeItem).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Rename unit A' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a press outside it without running anything', async () => {
    const user = userEvent.setup();
    const { button, remove, rename } = renderMenu();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(rename).not.toHaveBeenCalled();
    // Pressing the button again opens and closes it.
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
