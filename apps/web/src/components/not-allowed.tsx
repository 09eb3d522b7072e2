import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown to agents who open an admin-only screen (000 §6, 001 §6). */
export function NotAllowed() {
  return (
    <Alert color="orange" variant="light" icon={<IconLock size={20} />} title="Not allowed" maw={560}>
      This page is for administrators only. Please contact the admin if you need this information.
    </Alert>
  );
}
