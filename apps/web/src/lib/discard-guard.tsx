import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { overlaysReady } from './overlays-ready';

export const DISCARD_TITLE = 'Discard what you typed?';
export const DISCARD_TEXT = 'The data typed in this form has not been saved and will be lost.';

/** The one question before a dialog with typed data closes (issue 21 §2). */
function confirmDiscard(onConfirm: () => void, onKeep?: () => void): void {
  let discarded = false;
  void overlaysReady.then(() =>
    modals.openConfirmModal({
      title: DISCARD_TITLE,
      centered: true,
      children: <Text size="sm">{DISCARD_TEXT}</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        discarded = true;
        onConfirm();
      },
      onClose: () => {
        if (!discarded) onKeep?.();
      },
    }),
  );
}

export type DiscardGuard = {
  /** The dialog's onClose (Esc, close button, click outside): asks first when the form is dirty. */
  requestClose: () => void;
  /** Closes without asking (after a save). */
  closeNow: () => void;
  /** The form inside tells whether it holds typed data (see useReportDirty). */
  setDirty: (dirty: boolean) => void;
};

/**
 * Guards a form dialog: while its form is dirty, closing asks 'Discard what you typed?' and closes only on
 * Discard; a clean form closes at once. One way for every form dialog (booking, group, agent, confirm).
 */
export function useDiscardGuard(onClose: () => void): DiscardGuard {
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const closeNow = useCallback(() => {
    dirty.current = false;
    onClose();
  }, [onClose]);
  const requestClose = useCallback(() => {
    if (dirty.current) confirmDiscard(closeNow);
    else closeNow();
  }, [closeNow]);
  return { requestClose, closeNow, setDirty };
}

/** Reports a form's dirtiness to its dialog's guard; clean again once the form unmounts. */
export function useReportDirty(dirty: boolean, report: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    report?.(dirty);
  }, [dirty, report]);
  useEffect(() => () => report?.(false), [report]);
}

/**
 * The same question for a form page (the group form): leaving it for another page while it holds typed data
 * asks first. Returns `allowLeave`, to call before navigating away after a save.
 */
export function useDiscardOnLeave(dirty: boolean): () => void {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === 'blocked') confirmDiscard(blocker.proceed, blocker.reset);
  }, [blocker]);
  return useCallback(() => {
    allowed.current = true;
  }, []);
}
