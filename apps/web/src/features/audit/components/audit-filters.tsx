import { Group, Select, TextInput } from '@mantine/core';
import { AUDIT_ENTITY_ID_MESSAGE, AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@portal/contract/audit';
import { IconSearch } from '@tabler/icons-react';
import { DateRangeInputs } from '@/components/date-range-inputs';
import { useTypedFilter } from '@/lib/typed-filter';
import type { AuditFilters } from '../api/get-audit';

const ALL_KINDS = '';
/** Two fields a row on a phone (kind and id, from and to); the user search takes a row of its own. */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';
const KIND_OPTIONS = [{ value: ALL_KINDS, label: 'All kinds' }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }))];

/** `onChange` gets only the filters that changed (useListParams' patchFilters): user and id apply on their own timers. */
type AuditFiltersProps = { value: AuditFilters; onChange: (patch: AuditFilters) => void };

/** An id typed as 12, #12 or 012 filters by 12; anything else is not an id (`null`: said under the field). */
function entityIdFilter(text: string): string | undefined | null {
  const digits = text.trim().replace(/^#/, '');
  if (digits === '') return undefined;
  return /^\d+$/.test(digits) ? String(Number(digits)) : null;
}

/**
 * The Audit page's filters (decision 035): kind and dates apply at once, user and id as typing stops; all of them
 * live in the address with the page (decision 022). An id that is not a number says so and is not sent.
 */
export function AuditFiltersBar({ value, onChange }: AuditFiltersProps) {
  // The same text again changes nothing (patchFilters keeps the address and its page).
  const user = useTypedFilter({ current: value.user, onApply: (user) => onChange({ user }) });
  const entity = useTypedFilter({ current: value.entity_id, toFilter: entityIdFilter, onApply: (id) => onChange({ entity_id: id }) });
  const entityError = entityIdFilter(entity.text) === null ? AUDIT_ENTITY_ID_MESSAGE : undefined;

  return (
    <Group gap="sm" mb="md" align="flex-start" wrap="wrap" role="search" aria-label="Filter the audit trail" data-no-print>
      <Select
        label="Kind"
        data={KIND_OPTIONS}
        value={value.kind ?? ALL_KINDS}
        allowDeselect={false}
        onChange={(next) => onChange({ kind: (next || undefined) as AuditKind | undefined })}
        w={{ base: HALF, xs: 180 }}
      />
      <TextInput
        label="Id"
        placeholder="Group, booking, ... id"
        inputMode="numeric"
        value={entity.text}
        error={entityError}
        onChange={(event) => entity.change(event.currentTarget.value)}
        w={{ base: HALF, xs: 160 }}
      />
      <TextInput
        label="User"
        placeholder="Name, number or system"
        leftSection={<IconSearch size={16} />}
        value={user.text}
        onChange={(event) => user.change(event.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
      <DateRangeInputs value={value} onChange={({ from, to }) => onChange({ from, to })} placeholders={{ from: 'First day', to: 'Last day' }} w={{ base: HALF, xs: 180 }} />
    </Group>
  );
}
