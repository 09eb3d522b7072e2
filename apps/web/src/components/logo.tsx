import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPlaneTilt } from '@tabler/icons-react';

type LogoProps = { size?: 'sm' | 'md'; inverted?: boolean };

/** Brand mark: a plane in a teal tile and the name. */
export function Logo({ size = 'md', inverted = false }: LogoProps) {
  const tile = size === 'sm' ? 30 : 38;
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={tile} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden>
        <IconPlaneTilt size={tile * 0.62} stroke={1.8} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'sm' ? 'md' : 'lg'} c={inverted ? 'white' : 'brand.8'} lh={1} style={{ letterSpacing: -0.3 }}>
        Group Fares
      </Text>
    </Group>
  );
}
