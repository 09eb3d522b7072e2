import { GroupHistoryList } from '@/features/groups/components/group-history-list';

/** /dashboard/groups-history (001 §2). */
export default function GroupsHistoryRoute() {
  return <GroupHistoryList />;
}
