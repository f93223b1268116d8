import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { queryClient } from '../api/queryClient';
import { useAppTheme } from '../api/hooks/app';
import { localeDirection } from '../i18n/locales';
import ToastHost from '../components/toast/ToastHost';
import { ColorModeProvider, useColorMode } from './colorMode';
import { getRtlCache, ltrCache } from './emotionCaches';
import { createAppTheme } from './theme';

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { mode } = useColorMode();
  const { data: colors } = useAppTheme();
  const rtlCache = getRtlCache();
  // The RTL cache is loaded before a right-to-left language is switched on (see app/language.ts).
  const direction = localeDirection(i18n.language) === 'rtl' && rtlCache ? 'rtl' : 'ltr';
  const theme = useMemo(() => createAppTheme(colors, mode, direction), [colors, mode, direction]);
  return (
    <CacheProvider value={direction === 'rtl' && rtlCache ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
        <ToastHost />
      </ThemeProvider>
    </CacheProvider>
  );
}

export default function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <ThemedApp>{children}</ThemedApp>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
