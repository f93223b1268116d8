import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';

/** Spec §2 error page: 'not found' with a large 404 for a 404, 'an error occurred' otherwise; Home goes to /. */
export default function ErrorView({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  const title = notFound ? t('page.404-not-found') : t('page.an-error-occurred');
  return (
    <Box sx={{ textAlign: 'center', paddingBlock: { xs: 6, sm: 10 }, paddingInline: 2 }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: '7rem', sm: '11rem' },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
          opacity: 0.85,
          letterSpacing: '-0.04em',
        }}
      >
        {notFound ? '404' : '!'}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ marginBlock: 2 }}>
        {title}
      </Typography>
      <Button variant="contained" href="/" startIcon={<HomeIcon />}>
        {t('general.home')}
      </Button>
    </Box>
  );
}
