import { Group, SegmentedControl, Text } from '@mantine/core';
import { SEARCH_SORT_LABELS, SEARCH_SORTS, type SearchSort } from '@portal/contract/tickets';

const OPTIONS = SEARCH_SORTS.map((sort) => ({ value: sort, label: SEARCH_SORT_LABELS[sort] }));

/** The order of the dashboard's search results (decision 023): soonest, cheapest, or most seats left first. */
export function SearchSortControl({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" id="search-sort-label">
        Sort by
      </Text>
      <SegmentedControl
        aria-labelledby="search-sort-label"
        size="xs"
        data={OPTIONS}
        value={value}
        onChange={(next) => onChange(SEARCH_SORTS.find((sort) => sort === next) ?? 'date')}
      />
    </Group>
  );
}
