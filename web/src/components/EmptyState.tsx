import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export default function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', paddingBlock: 6, paddingInline: 2, color: 'text.secondary' }}>
      <Box sx={{ fontSize: 72, lineHeight: 1, '& svg': { fontSize: 'inherit' }, opacity: 0.6 }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h6" component="p" sx={{ marginBlockStart: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
