import { findBookedPassportIndex } from '@portal/contract/bookings';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';
import { notifyError } from './notify';

/**
 * Puts a 422 answer's field errors onto the form. `toField` turns a server key
 * (e.g. 'departure_flight_number.1') into a form path, or undefined to skip it.
 * Returns true when at least one error was placed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  toField: (key: string) => Path<T> | undefined,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let placed = false;
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = toField(key);
    const message = messages[0];
    if (!field || !message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * The one way a form shows a failed save: a 422 goes onto its fields; anything else (or a 422
 * with no field of this form) is an error toast with the server's message (001 §8).
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  toField: (key: string) => Path<T> | undefined,
): void {
  if (!applyServerErrors(error, setError, toField)) notifyError(errorMessage(error));
}

/**
 * PRODUCT §6 "Duplicate passengers": the 409 'Passport {number} is already booked on this group.' of add-booking
 * and booking-update goes under the passport field of the passenger it names, like a 422, and that field takes
 * focus (decision 025): refreshing cannot help, another number or leaving the passenger out does. Returns true
 * when placed; any other error is left to the caller.
 */
export function applyPassportConflict<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  passportNos: ReadonlyArray<string | null | undefined>,
  toField: (index: number) => Path<T>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  const index = findBookedPassportIndex(error.message, passportNos);
  if (index < 0) return false;
  setError(toField(index), { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}

/** toField for flat forms: a server key is taken when it is one of `fields`. */
export function fieldsOf<T extends FieldValues>(fields: readonly Path<T>[]) {
  return (key: string): Path<T> | undefined => fields.find((field) => field === key);
}
