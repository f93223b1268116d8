import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCreateShare, useDeleteShare, useShareTokens } from '../../api/hooks/recipeSocial';
import { copyText } from '../../lib/clipboard';
import { sharedRecipeUrl } from '../../lib/recipe/paths';
import { toast } from '../toast/toastStore';

/** Spec §9: a share link expires 30 days after today unless the user picks another date. */
export const SHARE_EXPIRY_MS = 2_592_000_000;

function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The picked day at the current time of day (the default is exactly 30 days from now). */
function expiryFromInput(value: string): string {
  const now = new Date();
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d, now.getHours(), now.getMinutes(), now.getSeconds()).toISOString();
}

interface ShareRecipeDialogProps {
  open: boolean;
  recipeId: string;
  recipeName: string;
  groupSlug: string;
  onClose: () => void;
}

/** Share links of one recipe: expiry date, New, and each link with its expiry, copy and delete. */
export default function ShareRecipeDialog({ open, recipeId, recipeName, groupSlug, onClose }: ShareRecipeDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const tokens = useShareTokens(recipeId, open);
  const create = useCreateShare(recipeId);
  const remove = useDeleteShare(recipeId);
  const [expiry, setExpiry] = useState(() => dateInputValue(new Date(Date.now() + SHARE_EXPIRY_MS)));
  const today = dateInputValue(new Date());

  useEffect(() => {
    if (open) setExpiry(dateInputValue(new Date(Date.now() + SHARE_EXPIRY_MS)));
  }, [open]);

  const copy = async (tokenId: string) => {
    const result = await copyText(sharedRecipeUrl(window.location.origin, groupSlug, tokenId));
    if (result === 'ok') toast.success(t('recipe-ui.share.copied'));
    else toast.error(result === 'unsupported' ? t('general.clipboard-not-supported') : t('general.clipboard-copy-failure'));
  };

  const formatDate = (value?: string) => (value ? new Date(value).toLocaleDateString(i18n.language, { dateStyle: 'medium' }) : '');
  const list = tokens.data ?? [];
  const busy = create.isPending || remove.isPending;

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('recipe-ui.share.title', { name: recipeName })}</DialogTitle>
      <DialogContent>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            type="date"
            label={t('recipe-ui.share.expires-on')}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            sx={{ flex: '1 1 180px' }}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            loading={create.isPending}
            disabled={!expiry}
            onClick={() => create.mutate(expiryFromInput(expiry))}
          >
            {t('recipe-ui.share.new')}
          </Button>
        </Stack>
        {tokens.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', paddingBlock: 3 }}>
            <CircularProgress size={28} aria-label={t('general.loading')} />
          </Box>
        ) : list.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', paddingBlock: 2 }}>{t('recipe-ui.share.none')}</Typography>
        ) : (
          <List dense aria-label={t('recipe-ui.share.links')}>
            {list.map((token) => (
              <ListItem
                key={token.id}
                divider
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title={t('general.copy')}>
                      <IconButton aria-label={t('recipe-ui.share.copy-link')} onClick={() => void copy(token.id)}>
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('general.delete')}>
                      <IconButton edge="end" color="error" aria-label={t('recipe-ui.share.delete-link')} disabled={busy} onClick={() => remove.mutate(token.id)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ paddingInlineEnd: 12 }}
              >
                <ListItemText
                  primary={t('recipe-ui.share.expires', { date: formatDate(token.expiresAt) })}
                  secondary={sharedRecipeUrl(window.location.origin, groupSlug, token.id)}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('general.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
