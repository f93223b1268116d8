import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { LabelSettingOut } from '../../api/shopping';

/** The label order screen: move labels up and down; items are grouped in this order. */
export default function LabelOrderDialog({ settings, saving, onSave, onClose }: { settings: LabelSettingOut[]; saving: boolean; onSave: (ordered: LabelSettingOut[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(settings);
  const move = (index: number, by: number) => {
    const next = [...order];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    setOrder(next);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="label-order-title">
      <DialogTitle id="label-order-title">{t('shopping-list.label-order')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>
          {t('shopping-list.label-order-hint')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="label-order">
          {order.map((setting, index) => (
            <Box component="li" key={setting.labelId} sx={{ display: 'flex', alignItems: 'center', borderBlockEnd: 1, borderColor: 'divider' }}>
              <Box sx={{ inlineSize: 12, blockSize: 12, borderRadius: '50%', backgroundColor: setting.label.color, marginInlineEnd: 1.5 }} aria-hidden />
              <Typography sx={{ flex: 1 }}>
                <bdi>{setting.label.name}</bdi>
              </Typography>
              <IconButton aria-label={t('shopping-list.move-up', { name: setting.label.name })} disabled={index === 0} onClick={() => move(index, -1)} sx={{ width: 44, height: 44 }}>
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton aria-label={t('shopping-list.move-down', { name: setting.label.name })} disabled={index === order.length - 1} onClick={() => move(index, 1)} sx={{ width: 44, height: 44 }}>
                <ArrowDownwardIcon />
              </IconButton>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('general.cancel')}</Button>
        <Button variant="contained" loading={saving} onClick={() => onSave(order.map((s, position) => ({ ...s, position })))}>
          {t('general.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
