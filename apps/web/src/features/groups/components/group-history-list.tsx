import { PageHeader } from '@/components/page-header';
import { useListParams } from '@/lib/list-params';
import { useGroupHistory } from '../api/get-group-history';
import { GROUP_SEARCH_PARAMS } from '../api/get-groups';
import { AddGroupLink } from './add-group-link';
import { GroupActions } from './group-actions';
import { GroupSearch } from './group-search';
import { GroupsTable } from './groups-table';

/**
 * /dashboard/groups-history (001 §2): closed groups with search, Clear and Add New Group; paged.
 * A closed group can be re-opened here (Active Group) or deleted; editing happens once it is open again.
 */
export function GroupHistoryList() {
  const { filters, setFilters, pager } = useListParams(GROUP_SEARCH_PARAMS);
  const list = useGroupHistory(filters, pager);
  return (
    <>
      <PageHeader title="Closed Groups" description={`${list.total} closed`} actions={<AddGroupLink />} />
      <GroupSearch value={filters} onChange={setFilters} />
      <GroupsTable list={list} actions={(group) => <GroupActions group={group} withEdit={false} />} />
    </>
  );
}
