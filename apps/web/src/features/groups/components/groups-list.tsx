import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useListParams } from '@/lib/list-params';
import { useRevealRow } from '@/lib/reveal-row';
import { GROUP_SEARCH_PARAMS, useGroups } from '../api/get-groups';
import { AddGroupLink } from './add-group-link';
import { GroupActions } from './group-actions';
import { GroupSearch } from './group-search';
import { GroupsTable } from './groups-table';

/**
 * /dashboard/groups (001 §2): 'Groups : total', search, open groups with their actions, paged. `?saved={id}`
 * (after Add / Edit Group) brings that group into view and marks it for a few seconds (issue 21 §9).
 */
export function GroupsList() {
  const { filters, setFilters, pager } = useListParams(GROUP_SEARCH_PARAMS);
  const list = useGroups(filters, pager);
  const [searchParams] = useSearchParams();
  const saved = Number(searchParams.get('saved'));
  const { revealedId, rowRef } = useRevealRow({ list, id: saved > 0 ? saved : undefined, idOf: (group) => group.id });
  return (
    <>
      <PageHeader title={`Groups : ${list.total}`} actions={<AddGroupLink />} />
      <GroupSearch value={filters} onChange={setFilters} />
      <GroupsTable
        list={list}
        actions={(group) => <GroupActions group={group} />}
        highlightedId={revealedId}
        highlightedRef={rowRef}
      />
    </>
  );
}
