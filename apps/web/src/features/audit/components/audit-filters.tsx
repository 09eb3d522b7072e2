import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { AUDIT_ENTITY_ID_MESSAGE, AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@portal/contract/audit';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DateRangeInputs } from '@/components/date-range-inputs';
import type { AuditFilters } from '../api/get-audit';

const TYPING_DEBOUNCE_MS = 350;
const ALL_KINDS = '';
/** Two fields a row on a phone (kind and id, from and to); the user search takes a row of its own. */
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';
const KIND_OPTIONS = [{ value: ALL_KINDS, label: 'All kinds' }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }))];

/** `onChange` gets only the filters that changed (useListParams' patchFilters): user and id apply on their own timers. */
type AuditFiltersProps = { value: AuditFilters; onChange: (patch: AuditFilters) => void };

/** A typed text that follows the address when it changes under the page (decision 022), applied as typing stops. */
function useTypedFilter(current: string | undefined, apply: (text: string) => void) {
  const [text, setText] = useState(current ?? '');
  const [shown, setShown] = useState(current ?? '');
  if (shown !== (current ?? '')) {
    setShown(current ?? '');
    setText(current ?? '');
  }
  const debounced = useDebouncedCallback(apply, TYPING_DEBOUNCE_MS);
  return { text, change: (next: string) => (setText(next), debounced(next)) };
}

/**
 * The Audit page's filters (decision 035): kind and dates apply at once, user and id as typing stops; all of them
 * live in the address with the page (decision 022). An id that is not a number says so and is not sent.
 */
export function AuditFiltersBar({ value, onChange }: AuditFiltersProps) {
  // The same text again changes nothing (patchFilters keeps the address and its page).
  const user = useTypedFilter(value.user, (text) => onChange({ user: text.trim() || undefined }));
  const entity = useTypedFilter(value.entity_id, (text) => {
    const digits = text.trim().replace(/^#/, '');
    if (digits !== '' && !/^\d+$/.test(digits)) return;
    onChange({ entity_id: digits ? String(Number(digits)) : undefined });
  });
  const entityText = entity.text.trim().replace(/^#/, '');
  const entityError = entityText !== '' && !/^\d+$/.test(entityText) ? AUDIT_ENTITY_ID_MESSAGE : undefined;

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
