import type { FormFile } from '@portal/contract/files';
import type { BookingFormOutput } from './booking-form-values';

export type AddBookingContext = {
  pnr: string;
  /** The group's updated_at as the dialog last received it (a different one answers 409). */
  updatedAt: string;
  admin: boolean;
  /** Display total (the server computes its own and ignores this, PRODUCT §4). */
  total: number | null;
};

const asBlob = (file: FormFile | undefined): Blob | '' => (file instanceof Blob ? file : '');

/**
 * The multipart body of add-booking (000 §7), arrays as name[] in passenger order; with names later, `names_later`
 * 1 and `type[]` alone (PRODUCT §6). A passenger without a
 * visa copy sends an empty text in its place so visa_copy[] stays aligned with the other arrays (the
 * contract's advice: a browser would drop an empty file input).
 */
export function toAddBookingFormData(values: BookingFormOutput, context: AddBookingContext): FormData {
  const form = new FormData();
  form.append('pnr', context.pnr);
  form.append('updated_at', context.updatedAt);
  if (context.admin) {
    // Unticked 'Book for Agent' is a walk-in sale: agent 0, walking 1 (PRODUCT §4).
    const agent = values.book_for_agent && values.agent ? values.agent : '0';
    form.append('agent', agent);
    form.append('walking', agent === '0' ? '1' : '0');
    // 000 §9: add-booking's confirmed defaults to 1; an agent's booking is always on Hold (the server's rule).
    form.append('confirmed', '1');
  }
  if (values.names_later) {
    // PRODUCT §6 names later: the passengers by type only.
    form.append('names_later', '1');
    for (const passenger of values.passengers) form.append('type[]', passenger.type);
  }
  for (const passenger of values.names_later ? [] : values.passengers) {
    form.append('type[]', passenger.type);
    form.append('titles[]', passenger.title);
    form.append('firstname[]', passenger.firstname);
    form.append('lastname[]', passenger.lastname);
    form.append('dob[]', passenger.dob);
    form.append('passport_no[]', passenger.passport_no);
    form.append('passport_expiry_date[]', passenger.passport_expiry_date);
    form.append('passport_img[]', asBlob(passenger.passport_img));
    form.append('visa_copy[]', asBlob(passenger.visa_copy));
  }
  if (context.total !== null) {
    // 000 §5: remaining_amount sent is total minus received; nothing is received at booking time.
    form.append('total_amount', String(context.total));
    form.append('received_amount', '0');
    form.append('remaining_amount', String(context.total));
  }
  form.append('remarks', values.remarks);
  return form;
}
