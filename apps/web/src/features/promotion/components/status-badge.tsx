import { Badge } from '@mantine/core';

export function StatusBadge({ status }: { status: 0 | 1 }) {
  return (
    <Badge variant="light" color={status === 1 ? 'teal' : 'gray'}>
      {status === 1 ? 'Active' : 'Inactive'}
    </Badge>
  );
}
