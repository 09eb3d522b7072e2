import { notifyError, notifySuccess } from './notify';

/** The toast text after a copy (000 §1; also Share's Copy, decision 026). */
export const COPIED_TEXT = 'Copied';
export const COPY_FAILED_TEXT = 'Could not copy. Please select the text and copy it.';

/** The only way the app copies: `value` to the clipboard, said with the 'Copied' toast; a refused clipboard says so too. */
export async function copyText(value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    notifySuccess(COPIED_TEXT);
  } catch {
    notifyError(COPY_FAILED_TEXT);
  }
}
