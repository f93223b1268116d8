import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import { useShoppingQueueState } from '../api/hooks/shopping';
import { shoppingQueue } from '../api/shoppingQueue';

/**
 * "Offline, N changes waiting": the device's queue, visible on the shopping screens. A change the server
 * refused is never dropped silently: "Not saved: N" stays until the user has read what and why.
 */
export default function QueueStatus() {
  const { t } = useTranslation();
  const { pending, offline, refused } = useShoppingQueueState();
  const [open, setOpen] = useState(false);
  const label = offline ? (pending > 0 ? t('shopping-list.offline-waiting', { count: pending }) : t('shopping-list.offline')) : t('shopping-list.changes-waiting', { count: pending });
  return (
    <>
      {(offline || pending > 0) && <Chip role="status" data-testid="queue-status" color={offline ? 'warning' : 'default'} icon={offline ? <CloudOffIcon /> : <SyncIcon />} label={label} />}
      {refused.length > 0 && (
        <Chip
          data-testid="queue-refused"
          color="error"
          icon={<ErrorOutlineIcon />}
          label={t('shopping-list.not-saved', { count: refused.length })}
          onClick={() => setOpen(true)}
          sx={{ minHeight: 44 }}
        />
      )}
      <Dialog open={open && refused.length > 0} onClose={() => setOpen(false)} aria-labelledby="queue-refused-title">
        <DialogTitle id="queue-refused-title">{t('shopping-list.not-saved-title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('shopping-list.not-saved-hint')}
          </Typography>
          <List dense>
            {refused.map((change, index) => (
              <ListItem key={`${change.seq}-${index}`} disableGutters>
                <ListItemText primary={<bdi>{change.what || (change.kind === 'delete' ? t('shopping-list.removed-item') : '—')}</bdi>} secondary={<bdi>{change.reason}</bdi>} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} sx={{ minHeight: 44 }}>
            {t('general.close')}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              shoppingQueue.dismissRefused();
              setOpen(false);
            }}
            sx={{ minHeight: 44 }}
          >
            {t('shopping-list.dismiss')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
