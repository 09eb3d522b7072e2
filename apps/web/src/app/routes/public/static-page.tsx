import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A simple public content page: a tinted title band and a body. */
export function StaticPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <>
      <Box bg="brand.0" py={{ base: 36, sm: 56 }}>
        <Container size="lg">
          <Stack gap={6}>
            <Title order={1} c="brand.9">
              {title}
            </Title>
            {lead ? <Text c="dimmed">{lead}</Text> : null}
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 32, sm: 48 }}>
        {children}
      </Container>
    </>
  );
}
