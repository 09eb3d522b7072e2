import { FileInput } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/contract/files';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FILE_TOO_LARGE_ALERT } from '@/config/constants';

/** Passport and visa scans: images or a PDF (PRODUCT §4). */
export const DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

type DocumentInputProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  error?: string;
};

/** A scan field: a file over 2 MB shows 'File size should be less than 2MB' and is not kept (000 §5). */
export function DocumentInput({ label, value, onChange, required, error }: DocumentInputProps) {
  const [sizeError, setSizeError] = useState<string | null>(null);
  return (
    <FileInput
      label={label}
      placeholder="jpeg, png, webp or pdf; max 2MB"
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
  );
}
