import { PageHeader } from '@/components/page-header';
import { SettingsSections } from '@/features/settings/components/settings-page';

/** /dashboard/settings (admin; 001 §2 Settings, PRODUCT §5): user management, hold window, desks, bank accounts. */
export default function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" />
      <SettingsSections />
    </>
  );
}
