import { FARE_ON_CALL_TEXT, LOGIN_FOR_PRICE_TEXT } from '@portal/contract/tickets';
import { formatPKR } from '@/lib/money';

/**
 * The price a ticket shows (000 §2, §9): visitors get no price ('Login For Price', PRODUCT §4),
 * a price of 0 or less reads 'Fare on call', anything else is whole PKR.
 */
export function fareText(price: number | null, signedIn: boolean): string {
  if (!signedIn || price === null) return LOGIN_FOR_PRICE_TEXT;
  if (price <= 0) return FARE_ON_CALL_TEXT;
  return formatPKR(price);
}
