/**
 * Contact desks shown on Contact Us and Thank You (000 §1-§2). The seeds give no numbers;
 * these are placeholders the operator replaces before going live (country prefix +92).
 */
export const contactDesks = [
  { name: 'Sales Desk', phone: '+923001234567', display: '+92 300 1234567' },
  { name: 'Accounts Desk', phone: '+923001234568', display: '+92 300 1234568' },
] as const;

export const supportEmail = 'support@groupfares.pk';
export const whatsappPrefill = 'Hello, I need help with group tickets.';

export function whatsappHref(phone: string, message: string = whatsappPrefill): string {
  return `https://wa.me/${phone.replace(/[^0-9]/g, '')}?text=${encodeURIComponent(message)}`;
}
