import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@/config/constants';

/** The only way the app shows a toast (000 §8-§9: titles 'Success'/'Error', 2 s / 4 s). */
export function notifySuccess(message: string): void {
  notifications.show({ title: 'Success', message, color: 'teal', autoClose: TOAST_SUCCESS_MS });
}

export function notifyError(message: string): void {
  notifications.show({ title: 'Error', message, color: 'red', autoClose: TOAST_ERROR_MS });
}

/**
 * Toasts the outcome of a row action's call (e.g. `mutation.mutateAsync(id)`). Unlike the callbacks
 * given to `mutate`, which TanStack Query drops when the component that started the call unmounts
 * (a row leaving a refreshed list), the toast shows whatever happened to the row meanwhile.
 */
export function notifyOutcome<T extends { message: string }>(call: Promise<T>, successMessage?: string): void {
  call.then(
    (answer) => notifySuccess(successMessage ?? answer.message),
    (error: unknown) => notifyError(errorMessage(error)),
  );
}
