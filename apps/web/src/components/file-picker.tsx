import { FileInput } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/contract/files';
import { useState, type ReactNode } from 'react';
import { FILE_TOO_LARGE_ALERT } from '@/config/constants';

type FilePickerProps = {
  label: string;
  placeholder: string;
  accept: string;
  icon: ReactNode;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  error?: string;
};

/**
 * The one file input of the portal's forms (scans of passengers, images of airlines, sectors, banners,
 * buttons and agents): its input is named '<label> file', and a file over 2 MB shows
 * 'File size should be less than 2MB' and is not kept (000 §5, 001 §4).
 */
export function FilePicker({ label, placeholder, accept, icon, value, onChange, required, error }: FilePickerProps) {
  const [sizeError, setSizeError] = useState<string | null>(null);
  return (
    <FileInput
      label={label}
      placeholder={placeholder}
      required={required}
      accept={accept}
      clearable
      value={value}
      leftSection={icon}
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
