import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { overlaysReady } from './overlays-ready';

type ConfirmOptions = { title: string; confirmLabel?: string; danger?: boolean; onConfirm: () => void };

/** The one confirmation dialog before a delete or a status change (001 §2): 'This action can not be undo. ...' */
export function confirmAction({ title, confirmLabel = 'Yes', danger = false, onConfirm }: ConfirmOptions): void {
  // Opened once the dialogs' provider listens: right after a page load it may still be on its way.
  void overlaysReady.then(() =>
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{CONFIRM_ACTION_TEXT}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red' : undefined },
      onConfirm,
    }),
  );
}
