import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { renderApp } from '@/testing/render-app';
import { confirmAction } from './confirm';

describe('confirmation dialog (001 §2)', () => {
  it('when a confirmation is asked before the dialogs have loaded, then it opens once they have and its confirm button confirms', async () => {
    const onConfirm = vi.fn();
    // Asked before the app (and so the dialogs' provider) is even rendered: the quickest click possible.
    confirmAction({ title: 'Accept agent', confirmLabel: 'Accept', onConfirm });
    renderApp('/updates');

    const dialog = await screen.findByRole('dialog', { name: 'Accept agent' });
    expect(dialog).toHaveTextContent(CONFIRM_ACTION_TEXT);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
