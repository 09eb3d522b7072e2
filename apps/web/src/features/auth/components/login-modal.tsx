import { Modal, Text } from '@mantine/core';
import type { Session } from '@portal/contract/auth';
import { GENERIC_ERROR_MESSAGE, INVALID_LOGIN_MESSAGE } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { LoginForm } from './login-form';

type LoginModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Called after the session is stored, e.g. to continue a booking. */
  onSuccess?: (session: Session) => void;
};

/**
 * A non-OK answer reads 'Invalid email or password'; a network failure the generic text (000 §8). A 429 (a locked
 * account, decision 018, or the rate limit) shows the server's text: it says until when, and retrying cannot help.
 */
function modalFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.message;
  return error instanceof ApiError && error.status > 0 ? INVALID_LOGIN_MESSAGE : GENERIC_ERROR_MESSAGE;
}

/** 'Login to your portal': shown when someone wants to book or see a price without a session (000 §2). */
export function LoginModal({ opened, onClose, onSuccess }: LoginModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Login to your portal" size="md">
      <Text c="dimmed" size="sm" mb="md">
        Sign in to see prices and book group tickets.
      </Text>
      <LoginForm
        failureMessage={modalFailure}
        onSuccess={(session) => {
          onClose();
          onSuccess?.(session);
        }}
      />
    </Modal>
  );
}
