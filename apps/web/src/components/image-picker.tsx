import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { IMAGE_ACCEPT } from '@/config/constants';
import { FilePicker } from './file-picker';

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
      <FilePicker
        label={label}
        placeholder="Choose an image (jpeg, png, webp; max 2MB)"
        accept={IMAGE_ACCEPT}
        icon={<IconPhoto size={16} />}
        value={value}
        onChange={onChange}
        required={required}
        error={error}
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
