import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LiveRefresh } from '../../api/hooks/liveRefresh';
import AdminSidebar from './AdminSidebar';
import { DemoBanner } from './Banners';
import DefaultSidebar from './DefaultSidebar';
import { SidebarShell } from './Shell';

/** The whole window: the demo banner (when the server is a demo) above the active layout. */
export function RootShell() {
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <LiveRefresh />
      <DemoBanner />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
        <Outlet />
      </Box>
    </Box>
  );
}

export function DefaultLayout() {
  return <SidebarShell sidebar={<DefaultSidebar />} />;
}

export function AdminLayout() {
  return <SidebarShell sidebar={<AdminSidebar />} />;
}

export { BareLayout } from './Shell';
