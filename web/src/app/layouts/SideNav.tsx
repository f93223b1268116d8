import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DRAWER_BREAKPOINT_PX, DRAWER_WIDTH } from '../constants';

// Only narrow screens use the modal drawer: it (and MUI's modal, focus trap and transitions under it) loads
// after the first paint there, and wide screens, which dock the sidebar in a plain box, never load it.
const Drawer = lazy(() => import('@mui/material/Drawer'));

const wideQuery = `(min-width:${DRAWER_BREAKPOINT_PX}px)`;

/**
 * Sidebar open state. The layout asks for the drawer open when it mounts; below 760px that first
 * request is refused (spec §2), so phones start with the drawer closed and the menu button opens it.
 */
export function useSidebarState() {
  const wide = useMediaQuery(wideQuery, { noSsr: true });
  const [open, setOpen] = useState(() => window.matchMedia(wideQuery).matches);
  const { pathname } = useLocation();
  const previousWide = useRef(wide);

  useEffect(() => {
    if (previousWide.current !== wide) setOpen(wide);
    previousWide.current = wide;
  }, [wide]);

  // On a phone the drawer is a modal: following a link closes it.
  useEffect(() => {
    if (!previousWide.current) setOpen(false);
  }, [pathname]);

  return { wide, open, setOpen, toggle: () => setOpen((o) => !o) };
}

/** A 240px sidebar: docked beside the content on wide screens, a modal drawer on narrow ones. */
export default function SideNav({
  wide,
  open,
  onClose,
  children,
}: {
  wide: boolean;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (!wide) {
    return (
      <Suspense fallback={null}>
        <Drawer
          variant="temporary"
          open={open}
          onClose={onClose}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': t('sidebar.navigation') } }}
        >
          {children}
        </Drawer>
      </Suspense>
    );
  }
  return (
    <Box
      component="aside"
      aria-label={t('sidebar.navigation')}
      sx={{
        width: open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        overflow: 'hidden',
        visibility: open ? 'visible' : 'hidden',
        borderInlineEnd: open ? 1 : 0,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: (theme) =>
          theme.transitions.create(['width', 'visibility'], { duration: theme.transitions.duration.shorter }),
      }}
    >
      <Box sx={{ width: DRAWER_WIDTH, height: '100%', overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        {children}
      </Box>
    </Box>
  );
}
