import { Button, Drawer, Menu, Modal, PasswordInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShellProvider } from './shell-provider';
import { theme } from './theme';

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const value = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('theme accessibility (issue 21 point 12)', () => {
  it('when a password field has focus, then Tab reaches its show/hide toggle', async () => {
    render(
      <ShellProvider env="test">
        <PasswordInput label="Password" />
      </ShellProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Toggle password visibility' })).toHaveFocus();
  });

  it('when a dialog or a drawer is open, then its close button is named Close', () => {
    render(
      <ShellProvider env="test">
        <Modal opened onClose={() => undefined} title="A dialog">
          body
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          body
        </Drawer>
      </ShellProvider>,
    );
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('when a menu opens, then it holds menu items only (no empty presentation child) and its first item has focus', async () => {
    render(
      <ShellProvider env="test">
        <Menu>
          <Menu.Target>
            <Button>Actions</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>View</Menu.Item>
            <Menu.Item>Edit</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </ShellProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('menu');
    // axe aria-required-children (decision 024): a menu's children are menu items.
    expect(Array.from(menu.children).map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'View' })).toHaveFocus());
  });

  it.each(['red', 'orange', 'green', 'teal', 'yellow', 'blue', 'brand', 'accent'])(
    'when %s text (shades 6 to 9) sits on white and shade 9 on its light background, then the contrast is at least 4.5:1',
    (color) => {
      const shades = theme.colors![color]!;
      for (const shade of [6, 7, 8, 9]) {
        expect(contrast(shades[shade]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }
      // Light badges and alerts: shade 9 text on a pale tint of the colour, never paler than shade 0.
      expect(contrast(shades[9]!, shades[0]!)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
