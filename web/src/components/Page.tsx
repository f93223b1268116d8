import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '../app/constants';

interface PageProps {
  title: string;
  /** Shown under the title. */
  subtitle?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  icon?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}

/** A screen's frame: sets the document title and renders the page heading. */
export default function Page({ title, subtitle, actions, icon, maxWidth = 1100, children }: PageProps) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
  return (
    <Box sx={{ maxWidth, marginInline: 'auto', paddingInline: { xs: 2, sm: 3 }, paddingBlock: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', marginBlockEnd: 2 }}>
        {icon && <Box sx={{ display: 'flex', color: 'primary.main' }}>{icon}</Box>}
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 500 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>{actions}</Stack>}
      </Stack>
      {children}
    </Box>
  );
}
