import { NativeSelect } from '@mantine/core';

type PassengerTitleSelectProps = {
  titles: readonly string[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
};

/**
 * A passenger's Title (000 §5) in the Book Ticket and Edit Booking dialogs: the browser's own select, so that a
 * phone opens its own picker. Mantine's floating dropdown, opened by a tap inside the full-screen dialog, was
 * first painted where the dialog's opening animation had left it, off the right edge: the phone widened the page
 * to 507 px, the dialog moved and the dropdown closed again, so no title could be chosen (decision 013).
 */
export function PassengerTitleSelect({ titles, value, onChange, onBlur, error }: PassengerTitleSelectProps) {
  return (
    <NativeSelect
      label="Title"
      required
      data={[{ value: '', label: 'Select', disabled: true }, ...titles.map((title) => ({ value: title, label: title }))]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}
