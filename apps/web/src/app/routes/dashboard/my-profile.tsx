import { PageHeader } from '@/components/page-header';
import { MyProfile } from '@/features/agents/components/my-profile';

/** /dashboard/my-profile (000 §2): agents read their profile, administrators edit theirs (001 §2). */
export default function MyProfileRoute() {
  return (
    <>
      <PageHeader title="Profile" />
      <MyProfile />
    </>
  );
}
