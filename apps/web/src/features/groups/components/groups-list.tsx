import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useGroups, type GroupFilters } from '../api/get-groups';
import { AddGroupLink } from './add-group-link';
import { GroupActions } from './group-actions';
import { GroupSearch } from './group-search';
import { GroupsTable } from './groups-table';

/** /dashboard/groups (001 §2): 'Groups : total', search, open groups with their actions, paged. */
export function GroupsList() {
  const [filters, setFilters] = useState<GroupFilters>({});
  const list = useGroups(filters);
  return (
    <>
      <PageHeader title={`Groups : ${list.total}`} actions={<AddGroupLink />} />
      <GroupSearch onChange={setFilters} />
      <GroupsTable list={list} actions={(group) => <GroupActions group={group} />} />
    </>
  );
}
