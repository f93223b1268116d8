import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '../app/constants';
import Logo from '../app/layouts/Logo';

/** The centred card of the sign-in, sign-up and password screens. */
export default function AuthCard({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: { xs: 2, sm: 6 }, paddingInline: { xs: 1.5, sm: 2 } }}>
      <Card sx={{ width: '100%', maxWidth: width }} elevation={3}>
        <CardContent sx={{ padding: { xs: 2, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, marginBlockEnd: 2, color: 'primary.main' }}>
            <Logo size={56} />
            <Typography variant="h5" component="h1" sx={{ color: 'text.primary', textAlign: 'center' }}>
              {title}
            </Typography>
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
