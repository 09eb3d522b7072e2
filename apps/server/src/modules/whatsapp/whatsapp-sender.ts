import type { Executor } from '../../db/database.js';
import { enqueueEmail } from '../emails/outbox.js';
import { createNoEmailForCodeError } from './whatsapp.errors.js';

/** The account a code is for. */
export interface WhatsappRecipient {
  id: number;
  name: string;
  email: string | null;
}

/**
 * Delivers a verification code (PRODUCT §4: "sent through a pluggable sender"). `send` runs inside the
 * transaction that stores the code and receives it as `db`: a sender that writes to the database (the
 * outbox) is then atomic with the code, and a sender that throws rolls the code back, so no code exists
 * that was never sent. A gateway sender may ignore `db`.
 */
export interface WhatsappSender {
  /** Where the code goes, finishing "A verification code has been sent …" (e.g. "to your WhatsApp number"). */
  readonly destination: string;
  send(message: { db: Executor; user: WhatsappRecipient; phone: string; text: string }): Promise<void>;
}

/**
 * The default sender. There is no WhatsApp gateway yet (decision for issue 6), so the code is e-mailed to
 * the account's own address through the outbox: the mailer delivers it with retries and the Emails page
 * shows it. A gateway sender replaces this one without touching the use cases (whatsappRoutes' `sender`).
 */
export function createOutboxWhatsappSender(): WhatsappSender {
  return {
    destination: 'to your e-mail address',
    async send({ db, user, phone, text }) {
      if (!user.email) throw createNoEmailForCodeError();
      await enqueueEmail({
        db,
        email: {
          to: user.email,
          subject: 'Your WhatsApp verification code',
          text: [
            `Dear ${user.name},`,
            '',
            text,
            '',
            `This code verifies the WhatsApp number ${phone} on your account.`,
            'If you did not ask for it, you can ignore this e-mail.',
          ].join('\n'),
        },
      });
    },
  };
}
