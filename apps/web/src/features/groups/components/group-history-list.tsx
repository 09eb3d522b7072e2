import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useGroupHistory } from '../api/get-group-history';
import type { GroupFilters } from '../api/get-groups';
import { AddGroupLink } from './add-group-link';
import { GroupActions } from './group-actions';
import { GroupSearch } from './group-search';
import { GroupsTable } from './groups-table';

/**
 * /dashboard/groups-history (001 §2): closed groups with search, Clear and Add New Group; paged.
 * A closed group can be re-opened here (Active Group) or deleted; editing happens once it is open again.
 */
export function GroupHistoryList() {
  const [filters, setFilters] = useState<GroupFilters>({});
  const list = useGroupHistory(filters);
  return (
    <>
      <PageHeader title="Closed Groups" description={`${list.total} closed`} actions={<AddGroupLink />} />
      <GroupSearch onChange={setFilters} />
      <GroupsTable list={list} actions={(group) => <GroupActions group={group} withEdit={false} />} />
    </>
  );
}
