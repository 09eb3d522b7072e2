import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { isAdmin, useSession } from '@/lib/session';
import { useMyProfile } from '../api/get-my-profile';
import { AgentProfileDetails } from './agent-profile-details';
import { MyProfileForm } from './my-profile-form';
import { ProfileContactNote } from './profile-contact-note';
import { ShareMarkupForm } from './share-markup-form';

/**
 * My Profile (000 §2, 001 §2): GET my-profile. An agent sees a read-only card and the note that changes go
 * through the admin, with call and chat links (000 §6), and its markup on shared fares (decision 026); an
 * administrator sees the form.
 */
export function MyProfile() {
  const session = useSession();
  const profile = useMyProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" maw={720}>
        {errorMessage(profile.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <AgentProfileDetails agent={profile.data} />
      </Paper>
      {isAdmin(session) ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Title order={4} mb="md">
            Edit Profile
          </Title>
          <MyProfileForm key={profile.data.id} profile={profile.data} />
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <ShareMarkupForm key={profile.data.share_markup} markup={profile.data.share_markup} />
          </Paper>
          <ProfileContactNote />
        </>
      )}
    </Stack>
  );
}
