import { Text } from '@mantine/core';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from './static-page';

/** The only text of Updates (000 §1, 001 §2), quoted exactly. */
export const UPDATES_TEXT = 'coming soon....';

/** Updates (000 §1): only the text 'coming soon....'. */
export default function UpdatesRoute() {
  usePageMeta({ title: 'Updates', description: 'News and updates from Group Fares: new sectors, airlines and group fares.' });
  return (
    <StaticPage title="Updates">
      <Text size="lg" c="dimmed">
        {UPDATES_TEXT}
      </Text>
    </StaticPage>
  );
}
