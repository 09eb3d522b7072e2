import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDiscardGuard } from '@/lib/discard-guard';

/** What a form inside a guarded dialog is handed: close after a save, ask before closing, report typed data. */
export type GuardedFormProps = {
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

type GuardedFormModalProps = Omit<ModalProps, 'opened' | 'onClose' | 'children'> & {
  opened: boolean;
  onClose: () => void;
  /** The form, mounted only while the dialog is open (a fresh form each time it opens). */
  children: (form: GuardedFormProps) => ReactNode;
};

/**
 * A dialog around one form, guarded by useDiscardGuard (issue 21 §2): Esc, the close button or a click outside ask
 * 'Discard what you typed?' while the form holds typed data; a save closes at once. One way for such dialogs.
 */
export function GuardedFormModal({ opened, onClose, children, ...modalProps }: GuardedFormModalProps) {
  const guard = useDiscardGuard(onClose);
  return (
    <Modal {...modalProps} opened={opened} onClose={guard.requestClose}>
      {opened ? children({ onDone: guard.closeNow, onCancel: guard.requestClose, onDirtyChange: guard.setDirty }) : null}
    </Modal>
  );
}
