import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GENERIC_ERROR_MESSAGE, PAGE_NOT_FOUND_TEXT } from '@/config/constants';

/** Last resort for a route that failed to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>{notFound ? PAGE_NOT_FOUND_TEXT : 'Something went wrong'}</Title>
        {notFound ? null : <Text c="dimmed">{GENERIC_ERROR_MESSAGE}</Text>}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
