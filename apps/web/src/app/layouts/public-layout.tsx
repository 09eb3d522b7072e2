import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT } from '@/config/constants';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** Root layout of the public site: header, outlet, footer (000 §2). */
export default function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" pt={HEADER_HEIGHT} style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}
