import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toastStore';

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (item.timeout === null) return;
    const timer = window.setTimeout(() => dismissToast(item.id), item.timeout);
    return () => window.clearTimeout(timer);
  }, [item.id, item.timeout]);
  const loading = item.kind === 'loading';
  return (
    <Alert
      variant="filled"
      severity={item.kind === 'loading' ? 'info' : item.kind}
      icon={loading ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
      role={item.kind === 'error' ? 'alert' : 'status'}
      sx={{ boxShadow: 6, alignItems: 'center', width: '100%' }}
      action={
        <IconButton size="small" color="inherit" aria-label={t('general.close')} onClick={() => dismissToast(item.id)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      {item.text}
    </Alert>
  );
}

/** Renders the toast queue at the bottom of the screen. */
export default function ToastHost() {
  const items = useSyncExternalStore(subscribeToasts, getToasts);
  if (items.length === 0) return null;
  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        insetBlockEnd: 16,
        insetInline: 0,
        marginInline: 'auto',
        width: 'min(560px, calc(100% - 32px))',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Box>
  );
}
