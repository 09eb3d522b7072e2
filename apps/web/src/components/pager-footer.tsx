import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PagedList } from '@/lib/paged-list';

type PagerFooterProps = {
  list: Pick<PagedList<unknown>, 'rows' | 'total' | 'perPage' | 'canPrevious' | 'canNext' | 'previous' | 'next' | 'isFetching'>;
};

/** List footer (001 §2, §4): loaded count 'of' total, 'Per Page', Previous and Next. */
export function PagerFooter({ list }: PagerFooterProps) {
  return (
    <Group
      data-no-print
      justify="space-between"
      px="md"
      py="sm"
      gap="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="lg">
        <Text size="sm" c="dimmed" data-testid="pager-count">
          {list.rows.length} of {list.total}
        </Text>
        <Text size="sm" c="dimmed">
          Per Page: {list.perPage}
        </Text>
      </Group>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!list.canPrevious}
          onClick={list.previous}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={!list.canNext}
          onClick={list.next}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
