import { Anchor, Breadcrumbs, Button, Text } from '@mantine/core';
import type { MySector } from '@portal/contract/my-sectors';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { HistoryTabs } from '@/features/audit/components/history-tabs';
import { EditGroup } from '@/features/groups/components/edit-group';
import { GroupForm, type AddMySectorSlot } from '@/features/groups/components/group-form';
import { MySectorFormModal } from '@/features/my-sectors/components/my-sector-form-modal';

/** addnewgroup and update-group/{id} (001 §2): add mode without an id, edit mode with one. */
export default function GroupFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit Group' : 'Add New Group';
  // A missing my sector is added without leaving the form (issue 21 §9): the my-sectors feature's own dialog,
  // kept outside the group's <form> (a form may not hold another, and a submit would reach both).
  const [addingMySector, setAddingMySector] = useState<{ onCreated: (mySector: MySector) => void } | null>(null);
  const addMySector: AddMySectorSlot = (onCreated) => (
    <Button variant="subtle" size="compact-sm" mt={4} leftSection={<IconPlus size={14} />} onClick={() => setAddingMySector({ onCreated })}>
      Add My Sector
    </Button>
  );
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={paths.dashboard.groups.getHref()} size="sm">
          Groups
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <PageHeader title={title} />
      {/* key: a new id starts a fresh form. */}
      {id ? (
        <HistoryTabs key={id} kind="group" entityId={Number(id)} label="Group">
          <EditGroup id={Number(id)} addMySector={addMySector} />
        </HistoryTabs>
      ) : (
        <GroupForm addMySector={addMySector} />
      )}
      <MySectorFormModal
        opened={addingMySector !== null}
        onClose={() => setAddingMySector(null)}
        onCreated={addingMySector?.onCreated}
      />
    </>
  );
}
