import { Select } from '@mantine/core';

/** 1 active / 0 inactive (contract banners.ts and dashboard-buttons.ts decisions). */
const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

type StatusSelectProps = { value: string; onChange: (value: string) => void; error?: string };

export function StatusSelect({ value, onChange, error }: StatusSelectProps) {
  return (
    <Select label="Status" data={STATUS_OPTIONS} value={value} onChange={(next) => onChange(next ?? '1')} allowDeselect={false} error={error} />
  );
}
