import { Anchor, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { FilePicker } from './file-picker';

/** Passport and visa scans: images or a PDF (PRODUCT §4). */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

type DocumentFieldProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** Update Booking: the stored scan (a signed link), opened in a new tab; a chosen file replaces it. */
  currentUrl?: string | null;
  required?: boolean;
  error?: string;
};

/**
 * The one scan field of a passenger (Book Ticket and Update Booking): a file over 2 MB shows 'File size should
 * be less than 2MB' and is not kept (000 §5).
 */
export function DocumentField({ label, value, onChange, currentUrl, required, error }: DocumentFieldProps) {
  return (
    <Stack gap={4}>
      <FilePicker
        label={label}
        placeholder={currentUrl ? 'Keep the current file' : 'jpeg, png, webp or pdf; max 2MB'}
        accept={DOCUMENT_ACCEPT}
        icon={<IconFileUpload size={16} />}
        value={value}
        onChange={onChange}
        required={required}
        error={error}
      />
      {currentUrl && !value ? (
        <Text size="xs" c="dimmed">
          Current:{' '}
          <Anchor href={currentUrl} target="_blank" rel="noopener noreferrer" size="xs" aria-label={`View the stored ${label}`}>
            View the stored file
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
