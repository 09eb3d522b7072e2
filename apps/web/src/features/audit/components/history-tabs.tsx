import { Tabs } from '@mantine/core';
import type { AuditKind } from '@portal/contract/audit';
import { IconHistory } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useEntityHistory } from '../api/get-audit';
import { AuditTable } from './audit-table';

export const HISTORY_TAB_LABEL = 'History';

/** The record's own audit rows, newest first, paged (the History tab). */
export function EntityHistory({ kind, entityId }: { kind: AuditKind; entityId: number }) {
  const list = useEntityHistory(kind, entityId);
  return <AuditTable list={list} label={HISTORY_TAB_LABEL} />;
}

/**
 * A record's screen with a 'History' tab beside it (decision 035). The open tab is `?tab=history` in the address,
 * so Back and a shared link keep it; the history is read only when its tab is open.
 */
export function HistoryTabs({ kind, entityId, label, children }: { kind: AuditKind; entityId: number; label: string; children: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'history' ? 'history' : 'main';
  const select = (next: string | null) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'history') params.set('tab', 'history');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
  return (
    <Tabs value={tab} onChange={select} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="main">{label}</Tabs.Tab>
        <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
          {HISTORY_TAB_LABEL}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="main">{children}</Tabs.Panel>
      <Tabs.Panel value="history">
        <EntityHistory kind={kind} entityId={entityId} />
      </Tabs.Panel>
    </Tabs>
  );
}
