import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@/config/constants';

/** The only way the app shows a toast (000 §8-§9: titles 'Success'/'Error', 2 s / 4 s). */
export function notifySuccess(message: string): void {
  notifications.show({ title: 'Success', message, color: 'teal', autoClose: TOAST_SUCCESS_MS });
}

export function notifyError(message: string): void {
  notifications.show({ title: 'Error', message, color: 'red', autoClose: TOAST_ERROR_MS });
}
