import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import KeyIcon from '@mui/icons-material/Key';
import { useCreateApiToken, useDeleteApiToken } from '../../api/hooks/user';
import type { LongLiveTokenOut, UserOut } from '../../api/types';
import ConfirmDialog from '../../components/ConfirmDialog';
import FormTextField from '../../components/form/FormTextField';
import { toast } from '../../components/toast/toastStore';
import { copyText } from '../../lib/clipboard';
import { validators } from '../../lib/validation';
import Section from './Section';

/** Long-lived API tokens: listed from UserOut.tokens; a new token is shown once. */
export default function ApiTokensSection({ user }: { user: UserOut }) {
  const { t, i18n } = useTranslation();
  const create = useCreateApiToken();
  const remove = useDeleteApiToken();
  const v = validators(t);
  const [created, setCreated] = useState<LongLiveTokenOut | null>(null);
  const [deleting, setDeleting] = useState<LongLiveTokenOut | null>(null);
  const { control, handleSubmit, reset } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const tokens = user.tokens ?? [];

  const onCreate = handleSubmit(({ name }) =>
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated(token);
        reset({ name: '' });
      },
    }),
  );

  const copy = async (text: string) => {
    const result = await copyText(text);
    if (result === 'ok') toast.success(t('general.copied-to-clipboard'));
    else toast.error(result === 'unsupported' ? t('general.clipboard-not-supported') : t('general.clipboard-copy-failure'));
  };

  const formatDate = (value: string | null) => (value ? new Date(value).toLocaleString(i18n.language) : '');

  return (
    <Section title={t('profile.api-tokens')} icon={<KeyIcon />}>
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>
        {t('profile.api-tokens-description')}
      </Typography>
      {tokens.length === 0 ? (
        <Typography sx={{ paddingBlock: 1 }}>{t('profile.no-api-tokens')}</Typography>
      ) : (
        <List dense aria-label={t('profile.api-tokens')}>
          {tokens.map((token) => (
            <ListItem
              key={token.id}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={t('profile.delete-token', { name: token.name })} onClick={() => setDeleting(token)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={token.name} secondary={formatDate(token.createdAt)} />
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" onSubmit={onCreate} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', marginBlockStart: 1 }}>
        <FormTextField control={control} name="name" label={t('profile.token-name')} rules={{ validate: { required: v.required } }} />
        <Button type="submit" variant="contained" loading={create.isPending} sx={{ marginBlockStart: 1, flexShrink: 0, minHeight: 56 }}>
          {t('general.create')}
        </Button>
      </Box>

      <Dialog open={created !== null} onClose={() => setCreated(null)} fullWidth maxWidth="sm" aria-labelledby="new-token-title">
        <DialogTitle id="new-token-title">{t('profile.token-created', { name: created?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ marginBlockEnd: 2 }}>
            {t('profile.token-shown-once')}
          </Alert>
          <TextField
            value={created?.token ?? ''}
            multiline
            label={t('profile.api-token')}
            slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
          />
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopyIcon />} onClick={() => created && void copy(created.token)}>
            {t('general.copy')}
          </Button>
          <Button variant="contained" onClick={() => setCreated(null)}>
            {t('general.close')}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('profile.delete-token', { name: deleting?.name ?? '' })}
        confirmLabel={t('general.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {t('general.confirm-delete-generic')}
      </ConfirmDialog>
    </Section>
  );
}
