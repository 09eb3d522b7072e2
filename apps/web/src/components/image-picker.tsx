import { Button, FileInput, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { MAX_UPLOAD_BYTES } from '@portal/contract/files';
import { FILE_TOO_LARGE_ALERT, IMAGE_ACCEPT } from '@/config/constants';

type ImagePickerProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** Edit mode: the stored image's URL, previewed until removed (001 §4). */
  existingUrl?: string | null;
  /** Called by 'Remove Image'; afterwards choosing a file is required. */
  onRemoveExisting?: () => void;
  required?: boolean;
  error?: string;
};

/** Object URL of a chosen file, revoked when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Image field of the airline, my-sector, banner and button forms (001 §4-§5): jpeg, png or webp,
 * at most 2 MB ('File size should be less than 2MB'), a preview of the chosen file, and in edit mode
 * the existing image with a 'Remove Image' button.
 */
export function ImagePicker({ label, value, onChange, existingUrl, onRemoveExisting, required, error }: ImagePickerProps) {
  const [sizeError, setSizeError] = useState<string | null>(null);
  const preview = usePreviewUrl(value);

  if (existingUrl && !value) {
    return (
      <Input.Wrapper label={label} required={required}>
        <Group gap="md" mt={4} align="center">
          <Image src={existingUrl} alt={`Current ${label.toLowerCase()}`} h={64} w={64} fit="contain" radius="sm" bg="gray.0" />
          <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onRemoveExisting}>
            Remove Image
          </Button>
        </Group>
      </Input.Wrapper>
    );
  }

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        placeholder="Choose an image (jpeg, png, webp; max 2MB)"
        required={required}
        accept={IMAGE_ACCEPT}
        clearable
        value={value}
        leftSection={<IconPhoto size={16} />}
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
      {preview ? (
        <Group gap="xs">
          <Image src={preview} alt={`${label} preview`} h={64} w={64} fit="contain" radius="sm" bg="gray.0" />
          <Text size="xs" c="dimmed">
            {value?.name}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
