import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, integerField, messageSchema, pageQuerySchema, paginated, requiredText } from './common.js';

/**
 * The Emails page (001 §2 Emails, PRODUCT §1 mail, §5: "the outbox (to, subject, status, resend)").
 *
 * Decisions (the seeds show the page's columns but no call, 001 §7; the names below are ours):
 * - `GET listofemails?page=N`: every outbox row, newest first (created_at, then id), 20 a page, in the
 *   Laravel paginator shape of the other lists.
 * - `GET email/{id}`: one row with its text (the View dialog).
 * - `POST resend-email/{id}`: a sent or failed row goes back to `queued`, due now, with its attempts reset;
 *   a row still `queued` is already on its way and answers 409.
 * - `POST send-email` (`agent_id`, `subject`, `message`): an admin composes a plain-text message to one agent.
 *   `agent_id` is the agent's number ("Agent-{agent_id}"), as in account-api and searchagent's `agent_id`.
 *   An unknown number answers 404; an agent without an e-mail address 422 on `agent_id`.
 * - Status: `queued` (waiting, or retried after a failure with back-off), `sent`, `failed` (gave up after
 *   its last attempt). `attempts` counts the tries so far; `last_error` is the latest failure's reason.
 * - Timestamps are ISO 8601 strings (UTC).
 * All four are admin only (001 §6).
 */

export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const emailStatusSchema = z.enum(EMAIL_STATUSES);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** 001 §2: the page's columns, exactly. */
export const EMAIL_COLUMNS = ['Sr#', 'To', 'Subject', 'Status', 'Action'] as const;
export const EMAILS_TITLE = 'Emails';
export const SEND_EMAIL_BUTTON = 'Send Email';
/** Empty list text (the seeds show the empty table without one; the lists' usual wording). */
export const NO_EMAIL_FOUND_TEXT = 'No Record found.';

export const EMAIL_QUEUED_MESSAGE = 'Email queued for sending.';
export const EMAIL_RESEND_MESSAGE = 'Email queued to be sent again.';
export const EMAIL_NOT_FOUND_MESSAGE = 'Email not found.';
export const EMAIL_ALREADY_QUEUED_MESSAGE = 'This email is already queued for sending.';
export const EMAIL_AGENT_NOT_FOUND_MESSAGE = 'Agent not found.';
export const EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE = 'The selected agent has no email address.';

export const SUBJECT_MAX_LENGTH = 255;
export const MESSAGE_MAX_LENGTH = 10_000;

export const emailSummarySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: emailStatusSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

export const emailDetailSchema = emailSummarySchema.extend({ text: z.string() });
export type EmailDetail = z.infer<typeof emailDetailSchema>;

export const emailsPageSchema = paginated(emailSummarySchema);
export type EmailsPage = z.infer<typeof emailsPageSchema>;

export const emailDetailResponseSchema = z.object({ data: emailDetailSchema });
export type EmailDetailResponse = z.infer<typeof emailDetailResponseSchema>;

/** Send Email dialog: all three fields required; the message is plain text. */
export const sendEmailBodySchema = z.object({
  agent_id: integerField('agent id', { min: 1, integerMessage: 'The agent id must be a number.' }),
  subject: requiredText('subject', SUBJECT_MAX_LENGTH),
  message: requiredText('message', MESSAGE_MAX_LENGTH),
});
export type SendEmailBody = z.output<typeof sendEmailBodySchema>;
export type SendEmailInput = z.input<typeof sendEmailBodySchema>;

export const sendEmailResponseSchema = z.object({ message: z.string(), data: emailSummarySchema });
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

export const listEmailsRoute = defineRoute({
  method: 'GET',
  path: '/listofemails',
  summary: 'The e-mail outbox, newest first, 20 a page',
  tags: ['emails'],
  access: 'admin',
  querystring: pageQuerySchema,
  response: { 200: emailsPageSchema, ...errorResponses },
});

export const getEmailRoute = defineRoute({
  method: 'GET',
  path: '/email/:id',
  summary: 'One outbox message with its text',
  tags: ['emails'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: emailDetailResponseSchema, ...errorResponses },
});

export const resendEmailRoute = defineRoute({
  method: 'POST',
  path: '/resend-email/:id',
  summary: 'Queue a sent or failed message again, due now (409 while it is still queued)',
  tags: ['emails'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const sendEmailRoute = defineRoute({
  method: 'POST',
  path: '/send-email',
  summary: 'Compose a plain-text e-mail to an agent (agent_id: the agent number, subject, message)',
  tags: ['emails'],
  access: 'admin',
  body: sendEmailBodySchema,
  response: { 201: sendEmailResponseSchema, ...errorResponses },
});
