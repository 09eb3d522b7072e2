import { EMAILS_TITLE } from '@portal/contract/emails';
import { PageHeader } from '@/components/page-header';
import { EmailsTable } from '@/features/emails/components/emails-table';
import { SendEmailButton } from '@/features/emails/components/send-email-button';

/** /dashboard/emails (001 §2 Emails, PRODUCT §5): the outbox, view and resend; 'Send Email' composes to an agent. */
export default function EmailsRoute() {
  return (
    <>
      <PageHeader title={EMAILS_TITLE} actions={<SendEmailButton />} />
      <EmailsTable />
    </>
  );
}
