import { GroupsList } from '@/features/groups/components/groups-list';

/** /dashboard/groups (001 §2). */
export default function GroupsRoute() {
  return <GroupsList />;
}
