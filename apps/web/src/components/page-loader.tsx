import { Center, Loader } from '@mantine/core';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} aria-busy="true">
      <Loader size="md" aria-label="Loading" />
    </Center>
  );
}
