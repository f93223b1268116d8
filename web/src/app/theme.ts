import { createTheme, type Theme } from '@mui/material/styles';
import type { LinkProps } from '@mui/material/Link';
import type { AppTheme } from '../api/types';
import type { Direction } from '../i18n/locales';
import { readableOn } from './contrast';
import LinkBehavior from './LinkBehavior';
import { touchTargetOverrides } from './touchTargets';

export type ColorMode = 'light' | 'dark';

declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
  }
}

/** The colours used when the server has none (or sends something that is not a colour). */
export const defaultThemeColors: AppTheme = {
  lightPrimary: '#E58325',
  lightAccent: '#007A99',
  lightSecondary: '#973542',
  lightSuccess: '#43A047',
  lightInfo: '#1976D2',
  lightWarning: '#FF6D00',
  lightError: '#EF5350',
  darkPrimary: '#E58325',
  darkAccent: '#007A99',
  darkSecondary: '#973542',
  darkSuccess: '#43A047',
  darkInfo: '#1976D2',
  darkWarning: '#FF6D00',
  darkError: '#EF5350',
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function pick(colors: Partial<AppTheme> | undefined, key: keyof AppTheme): string {
  const value = colors?.[key];
  return typeof value === 'string' && HEX.test(value.trim()) ? value.trim() : defaultThemeColors[key];
}

export const fontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Noto Sans"',
  '"Noto Sans Hebrew"',
  '"Noto Naskh Arabic"',
  'Arial',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

export function createAppTheme(colors: Partial<AppTheme> | undefined, mode: ColorMode, direction: Direction): Theme {
  const p = mode === 'light' ? 'light' : 'dark';
  // Every colour is shown as text or on a filled button somewhere: each is taken to the nearest shade
  // that reads at WCAG AA (4.5:1) on the page, whatever colours the server is configured with.
  // Measured on the lower-contrast of the page and paper backgrounds, with margin for the faint tint a
  // hovered or focused outlined button lays under its text.
  const page = mode === 'dark' ? '#1E1E1E' : '#F6F6F6';
  const c = (name: 'Primary' | 'Accent' | 'Secondary' | 'Success' | 'Info' | 'Warning' | 'Error') =>
    readableOn(pick(colors, `${p}${name}` as keyof AppTheme), page, 5);
  return createTheme({
    direction,
    palette: {
      mode,
      contrastThreshold: 4.5,
      primary: { main: c('Primary') },
      secondary: { main: c('Secondary') },
      accent: { main: c('Accent') },
      success: { main: c('Success') },
      info: { main: c('Info') },
      warning: { main: c('Warning') },
      error: { main: c('Error') },
      ...(mode === 'dark' ? { background: { default: '#121212', paper: '#1e1e1e' } } : { background: { default: '#f6f6f6' } }),
    },
    typography: { fontFamily: fontStack },
    shape: { borderRadius: 8 },
    components: {
      MuiLink: { defaultProps: { component: LinkBehavior } as LinkProps },
      MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
      // An alert's text wraps instead of scrolling (MUI's default overflow: auto made a long translation a
      // scrollable region no keyboard can reach at phone width).
      MuiAlert: { styleOverrides: { message: { overflow: 'visible', minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' } } },
      ...touchTargetOverrides,
    },
  });
}
