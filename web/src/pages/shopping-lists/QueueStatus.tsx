import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import { useShoppingQueueState } from '../../api/hooks/shopping';

/** "Offline, N changes waiting": the device's queue, visible on the shopping screens. */
export default function QueueStatus() {
  const { t } = useTranslation();
  const { pending, offline } = useShoppingQueueState();
  if (!offline && pending === 0) return null;
  const label = offline ? (pending > 0 ? t('shopping-list.offline-waiting', { count: pending }) : t('shopping-list.offline')) : t('shopping-list.changes-waiting', { count: pending });
  return <Chip role="status" data-testid="queue-status" color={offline ? 'warning' : 'default'} icon={offline ? <CloudOffIcon /> : <SyncIcon />} label={label} />;
}
