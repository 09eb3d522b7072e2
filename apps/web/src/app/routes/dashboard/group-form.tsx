import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { EditGroup } from '@/features/groups/components/edit-group';
import { GroupForm } from '@/features/groups/components/group-form';

/** addnewgroup and update-group/{id} (001 §2): add mode without an id, edit mode with one. */
export default function GroupFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit Group' : 'Add New Group';
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
      {id ? <EditGroup key={id} id={Number(id)} /> : <GroupForm />}
    </>
  );
}
