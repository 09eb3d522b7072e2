import { publicSettingsResponseSchema, type PublicSettings, type PublicSettingsResponse } from '@portal/contract/settings';

/** GET public-settings's answer; desks and accounts unlike config/contact.ts's fallbacks, so tests tell them apart. */
export function buildPublicSettings(overrides: Partial<PublicSettings> = {}): PublicSettingsResponse {
  return publicSettingsResponseSchema.parse({
    data: {
      contact_desks: [
        { name: 'Umrah Desk', phone: '+923214567890', display: '+92 321 4567890', whatsapp_message: 'Salam, I need Umrah group seats.' },
      ],
      bank_accounts: [
        { bank_name: 'Askari Bank', account_title: 'Skyline Groups Ltd', account_number: '0550123456789', iban: 'PK12ASCM0000550123456789' },
      ],
      support_email: 'help@skyline.pk',
      ...overrides,
    },
  });
}
