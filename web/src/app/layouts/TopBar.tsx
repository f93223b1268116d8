import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import TranslateIcon from '@mui/icons-material/Translate';
import { useCurrentUser, useLogout } from '../../api/hooks/auth';
import { flipInRtl } from '../../lib/rtl';
import { useColorMode } from '../colorMode';
import { APP_NAME } from '../constants';
import { groupHome, useGroupContext } from './useGroupSlug';
import Logo from './Logo';

const RecipeSearchDialog = lazy(() => import('../../components/RecipeSearchDialog'));
const LanguageDialog = lazy(() => import('../../components/LanguageDialog'));

function isEditable(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (el as HTMLElement).isContentEditable;
}

/** The top bar: menu, logo, search, language, dark/light, login/logout. */
export default function TopBar({ onMenuClick, showSearch = true }: { onMenuClick?: () => void; showSearch?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mode, toggle } = useColorMode();
  const { loggedIn } = useCurrentUser();
  const logout = useLogout();
  const { groupSlug } = useGroupContext();
  const onLoginPage = useLocation().pathname === '/login';
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchMounted, setSearchMounted] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);

  const openSearch = useCallback(() => {
    setSearchMounted(true);
    setSearchOpen(true);
  }, []);

  // '/' opens the search unless the user is typing somewhere.
  useEffect(() => {
    if (!showSearch) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isEditable(document.activeElement)) return;
      e.preventDefault();
      openSearch();
    };
    window.addEventListener('keydown', onKey);
    // Says the shortcut is live (browser tests wait for it instead of racing the first render).
    document.body.dataset.searchShortcut = 'ready';
    return () => {
      window.removeEventListener('keydown', onKey);
      delete document.body.dataset.searchShortcut;
    };
  }, [openSearch, showSearch]);

  const onLogout = async () => {
    await logout();
    navigate('/login?direct=1');
  };

  const modeLabel = mode === 'dark' ? t('settings.theme.light-mode') : t('settings.theme.dark-mode');

  return (
    <AppBar position="static" elevation={2} color={mode === 'dark' ? 'default' : 'primary'} enableColorOnDark>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, paddingInline: { xs: 1, sm: 2 } }}>
        {onMenuClick && (
          <IconButton color="inherit" edge="start" aria-label={t('sidebar.toggle')} onClick={onMenuClick}>
            <MenuIcon />
          </IconButton>
        )}
        <Link
          href={groupHome(groupSlug)}
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, minHeight: 44, borderRadius: 1 }}
        >
          <Logo size={32} />
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 600 }}>
            {APP_NAME}
          </Typography>
        </Link>
        <Box sx={{ flex: 1 }} />
        {showSearch && (
          <>
            <Box
              sx={{
                display: { xs: 'none', sm: 'flex' },
                alignItems: 'center',
                gap: 1,
                paddingInline: 1.5,
                borderRadius: 2,
                bgcolor: 'rgba(255,255,255,0.16)',
                width: { sm: 240, md: 320 },
                '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
              }}
            >
              <SearchIcon fontSize="small" aria-hidden />
              <InputBase
                readOnly
                placeholder={t('search.search-hint')}
                onClick={openSearch}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    openSearch();
                  }
                }}
                slotProps={{ input: { 'aria-label': t('search.search'), 'aria-haspopup': 'dialog' } }}
                sx={{ color: 'inherit', flex: 1, '& input': { cursor: 'pointer' } }}
              />
            </Box>
            <IconButton
              color="inherit"
              aria-label={t('search.search')}
              onClick={openSearch}
              sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
            >
              <SearchIcon />
            </IconButton>
          </>
        )}
        {/* Native titles rather than MUI tooltips keep the popper engine out of the first download. */}
        <IconButton
          color="inherit"
          aria-label={t('language-dialog.choose-language')}
          title={t('language-dialog.choose-language')}
          onClick={() => setLanguageOpen(true)}
        >
          <TranslateIcon />
        </IconButton>
        <IconButton color="inherit" aria-label={modeLabel} title={modeLabel} onClick={toggle}>
          {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
        {loggedIn ? (
          <>
            <Button color="inherit" onClick={onLogout} startIcon={<LogoutIcon sx={flipInRtl} />} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
              {t('user.logout')}
            </Button>
            <IconButton color="inherit" aria-label={t('user.logout')} onClick={onLogout} sx={{ display: { md: 'none' } }}>
              <LogoutIcon sx={flipInRtl} />
            </IconButton>
          </>
        ) : onLoginPage ? null : (
          <>
            <Button color="inherit" href="/login" startIcon={<LoginIcon sx={flipInRtl} />} sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
              {t('user.login')}
            </Button>
            <IconButton color="inherit" aria-label={t('user.login')} href="/login" sx={{ display: { md: 'none' } }}>
              <LoginIcon sx={flipInRtl} />
            </IconButton>
          </>
        )}
      </Toolbar>
      <Suspense fallback={null}>
        {searchMounted && <RecipeSearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} groupSlug={groupSlug} />}
        {languageOpen && <LanguageDialog open onClose={() => setLanguageOpen(false)} />}
      </Suspense>
    </AppBar>
  );
}
