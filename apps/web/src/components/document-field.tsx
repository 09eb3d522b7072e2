import { Anchor, FileInput, Stack, Text } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/contract/files';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FILE_TOO_LARGE_ALERT } from '@/config/constants';

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
  const [sizeError, setSizeError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        placeholder={currentUrl ? 'Keep the current file' : 'jpeg, png, webp or pdf; max 2MB'}
        required={required}
        accept={DOCUMENT_ACCEPT}
        clearable
        value={value}
        leftSection={<IconFileUpload size={16} />}
        fileInputProps={{ 'aria-label': `${label} file` }}
        error={sizeError ?? error}
        onChange={(file) => {
          if (file && file.size > MAX_UPLOAD_BYTES) {
            setSizeError(FILE_TOO_LARGE_ALERT);
            onChange(null);
            return;
          }
          setSizeError(null);
          onChange(file);
        }}
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
