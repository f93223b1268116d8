import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { RouteSkeleton } from '../../components/PageSkeleton';
import { FirstLoginBanner } from './Banners';
import SideNav, { useSidebarState } from './SideNav';
import TopBar from './TopBar';

export const MAIN_ID = 'main-content';

/** The scrolling content column: back to the top on every navigation. */
function Main({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.scrollTo({ top: 0 });
  }, [pathname]);
  return (
    // In the tab order: the content column scrolls on its own, and a page with nothing focusable in it (site
    // settings' status list) could otherwise not be scrolled from the keyboard (axe: scrollable-region-focusable).
    <Box
      component="main"
      id={MAIN_ID}
      tabIndex={0}
      ref={ref}
      sx={{ flex: 1, minWidth: 0, overflowY: 'auto', outline: 'none', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      <Suspense fallback={<RouteSkeleton />}>{children}</Suspense>
    </Box>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        insetBlockStart: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        bgcolor: 'background.paper',
        color: 'text.primary',
        paddingInline: 2,
        paddingBlock: 1,
        borderRadius: 1,
        '&:focus': { insetBlockStart: 8 },
      }}
    >
      {t('general.skip-to-content')}
    </Box>
  );
}

/** Top bar, optional sidebar, content. Used by the default and admin layouts. */
export function SidebarShell({ sidebar }: { sidebar: ReactNode }) {
  const { wide, open, setOpen, toggle } = useSidebarState();
  return (
    <>
      <SkipLink />
      <TopBar onMenuClick={toggle} />
      <FirstLoginBanner />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <SideNav wide={wide} open={open} onClose={() => setOpen(false)}>
          {sidebar}
        </SideNav>
        <Main>
          <Outlet />
        </Main>
      </Box>
    </>
  );
}

/** Header only: login, registration, password reset. */
export function BareLayout() {
  return (
    <>
      <SkipLink />
      <TopBar showSearch={false} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        <Main>
          <Outlet />
        </Main>
      </Box>
    </>
  );
}
