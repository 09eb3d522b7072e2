import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { EMAIL_COLUMNS, NO_EMAIL_FOUND_TEXT, type EmailSummary } from '@portal/contract/emails';
import { IconEye, IconSend } from '@tabler/icons-react';
import { ListTable } from '@/components/list-table';
import { notifyOutcome } from '@/lib/notify';
import { useEmails } from '../api/get-emails';
import { useResendEmail } from '../api/resend-email';
import { EmailStatusBadge } from './email-status-badge';
import { EmailViewModal } from './email-view-modal';
import { useListPager } from '@/lib/list-params';

function EmailActions({ email }: { email: EmailSummary }) {
  const [opened, { open, close }] = useDisclosure(false);
  const resend = useResendEmail();
  // A queued message is already on its way; the server refuses a second copy (409).
  const canResend = email.status !== 'queued';
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="View">
        <ActionIcon variant="subtle" aria-label={`View ${email.subject}`} onClick={open}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={canResend ? 'Resend' : 'Already queued'}>
        <ActionIcon
          variant="subtle"
          color="teal"
          aria-label={`Resend ${email.subject}`}
          disabled={!canResend}
          loading={resend.isPending}
          onClick={() => notifyOutcome(resend.mutateAsync(email.id))}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Tooltip>
      <EmailViewModal email={email} opened={opened} onClose={close} />
    </Group>
  );
}

/** Emails (001 §2, PRODUCT §5): the outbox with Sr#, To, Subject, Status, Action (view, resend); paged. */
export function EmailsTable() {
  const list = useEmails(useListPager());
  return (
    <ListTable columns={[...EMAIL_COLUMNS]} emptyText={NO_EMAIL_FOUND_TEXT} list={list}>
      {list.rows.map((email, index) => (
        <Table.Tr key={email.id}>
          <Table.Td>{index + 1}</Table.Td>
          <Table.Td>{email.to}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={500} lineClamp={2}>
              {email.subject}
            </Text>
          </Table.Td>
          <Table.Td>
            <EmailStatusBadge status={email.status} />
          </Table.Td>
          <Table.Td>
            <EmailActions email={email} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
