import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';

/** Shown while a lazily loaded screen or the signed-in user is loading. */
export default function PageLoader() {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('general.loading')} sx={{ width: '100%' }} />;
}
