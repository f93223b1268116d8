import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { DemoBanner } from './Banners';
import DefaultSidebar from './DefaultSidebar';
import OfflineKeeper from './OfflineKeeper';
import { SidebarShell } from './Shell';

// Not part of the first download: the live-refresh subscriber renders nothing (and pulls in every area's
// query keys), and only admins ever see the admin sidebar.
const LiveRefresh = lazy(() => import('../../api/hooks/liveRefresh').then((m) => ({ default: m.LiveRefresh })));
const AdminSidebar = lazy(() => import('./AdminSidebar'));

/** The whole window: the demo banner (when the server is a demo) above the active layout. */
export function RootShell() {
  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Suspense fallback={null}>
        <LiveRefresh />
      </Suspense>
      <DemoBanner />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', position: 'relative' }}>
        <Outlet />
      </Box>
    </Box>
  );
}

export function DefaultLayout() {
  return (
    <>
      <OfflineKeeper />
      <SidebarShell sidebar={<DefaultSidebar />} />
    </>
  );
}

export function AdminLayout() {
  return (
    <SidebarShell
      sidebar={
        <Suspense fallback={null}>
          <AdminSidebar />
        </Suspense>
      }
    />
  );
}

export { BareLayout } from './Shell';
