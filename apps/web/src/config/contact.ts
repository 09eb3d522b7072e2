import type { BankAccount, ContactDesk, PublicSettings } from '@portal/contract/settings';

/**
 * Fallback contact data (000 §1-§2). The live values are settings an admin edits (issue 7) and the public pages
 * read them from GET /public-settings (features/public-site); these placeholders show while that call loads or
 * when it fails, and on the screens that do not ask for it (Thank You, the footer, the agent profile note).
 * Numbers carry the country prefix +92 (000 §1).
 */
export const whatsappPrefill = 'Hello, I need help with group tickets.';

export const contactDesks: readonly [ContactDesk, ...ContactDesk[]] = [
  { name: 'Sales Desk', phone: '+923001234567', display: '+92 300 1234567', whatsapp_message: whatsappPrefill },
  { name: 'Accounts Desk', phone: '+923001234568', display: '+92 300 1234568', whatsapp_message: whatsappPrefill },
];

export const supportEmail = 'support@groupfares.pk';

/** The 8 bank cards of Bank Accounts Details (000 §1); placeholder accounts with well-formed PK IBANs. */
export const bankAccounts: readonly BankAccount[] = [
  { bank_name: 'Meezan Bank', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '0102007001235611', iban: 'PK70MEZN0102007001235611', branch: 'Gulberg, Lahore' },
  { bank_name: 'Habib Bank Limited (HBL)', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '0012007001236722', iban: 'PK75HABB0012007001236722', branch: 'Mall Road, Lahore' },
  { bank_name: 'United Bank Limited (UBL)', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '0109007001237833', iban: 'PK89UNIL0109007001237833', branch: 'Blue Area, Islamabad' },
  { bank_name: 'MCB Bank', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '1234007001238944', iban: 'PK10MUCB1234007001238944', branch: 'Shahrah-e-Faisal, Karachi' },
  { bank_name: 'Bank Alfalah', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '0045007001240055', iban: 'PK30ALFH0045007001240055', branch: 'Saddar, Rawalpindi' },
  { bank_name: 'Allied Bank', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '0010007001241166', iban: 'PK43ABPA0010007001241166', branch: 'Kohinoor City, Faisalabad' },
  { bank_name: 'Bank AL Habib', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '1005007001242277', iban: 'PK94BAHL1005007001242277', branch: 'Cantt, Multan' },
  { bank_name: 'Faysal Bank', account_title: 'Group Fares Travel (Pvt) Ltd', account_number: '3131007001243388', iban: 'PK27FAYS3131007001243388', branch: 'University Road, Peshawar' },
];

export const fallbackPublicSettings: PublicSettings = {
  contact_desks: [...contactDesks],
  bank_accounts: [...bankAccounts],
  support_email: supportEmail,
};

/** A WhatsApp chat link with a prefilled message: https://wa.me/<digits>?text=<message> (000 §1). */
export function whatsappHref(phone: string, message: string = whatsappPrefill): string {
  return `https://wa.me/${phone.replace(/[^0-9]/g, '')}?text=${encodeURIComponent(message)}`;
}
