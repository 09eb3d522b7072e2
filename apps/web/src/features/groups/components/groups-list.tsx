import { PageHeader } from '@/components/page-header';
import { useListParams } from '@/lib/list-params';
import { GROUP_SEARCH_PARAMS, useGroups } from '../api/get-groups';
import { AddGroupLink } from './add-group-link';
import { GroupActions } from './group-actions';
import { GroupSearch } from './group-search';
import { GroupsTable } from './groups-table';

/** /dashboard/groups (001 §2): 'Groups : total', search, open groups with their actions, paged. */
export function GroupsList() {
  const { filters, setFilters, pager } = useListParams(GROUP_SEARCH_PARAMS);
  const list = useGroups(filters, pager);
  return (
    <>
      <PageHeader title={`Groups : ${list.total}`} actions={<AddGroupLink />} />
      <GroupSearch value={filters} onChange={setFilters} />
      <GroupsTable list={list} actions={(group) => <GroupActions group={group} />} />
    </>
  );
}
