import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled card on the profile page. */
export default function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, marginBlockEnd: 1, color: 'primary.main' }}>
          {icon}
          <Typography id={id} variant="h6" component="h2" sx={{ color: 'text.primary' }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
