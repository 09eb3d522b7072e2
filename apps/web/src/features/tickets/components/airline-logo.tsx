import { Avatar } from '@mantine/core';
import { IconPlane } from '@tabler/icons-react';

/** The airline's public logo, or a plane when it has none. */
export function AirlineLogo({ src, name, size = 44 }: { src: string | null; name: string; size?: number }) {
  return (
    <Avatar src={src} alt={`${name} logo`} size={size} radius="sm" color="brand" variant="light" imageProps={{ style: { objectFit: 'contain' } }}>
      <IconPlane size={size * 0.5} aria-hidden />
    </Avatar>
  );
}
