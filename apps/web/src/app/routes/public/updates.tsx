import { Text } from '@mantine/core';
import { StaticPage } from './static-page';

/** Updates (000 §1): only the text 'coming soon....'. */
export default function UpdatesRoute() {
  return (
    <StaticPage title="Updates">
      <Text size="lg" c="dimmed">
        coming soon....
      </Text>
    </StaticPage>
  );
}
