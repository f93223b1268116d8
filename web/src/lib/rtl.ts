import type { SxProps, Theme } from '@mui/material/styles';

/** For icons that point somewhere (arrows, login/logout): mirrored when the page is right-to-left. */
export const flipInRtl: SxProps<Theme> = (theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});
