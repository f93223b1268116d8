import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import BoltIcon from '@mui/icons-material/Bolt';
import { isActionUrl, type RecipeActionOut, type RecipeActionType } from '../../../../contract/automation';
import { useDeleteRecipeAction, useRecipeActionList, useSaveRecipeAction } from '../../api/hooks/automation';
import ConfirmDialog from '../../components/ConfirmDialog';
import EmptyState from '../../components/EmptyState';
import FormDialog from '../../components/FormDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import RowActions from '../../components/RowActions';

function ActionDialog({ action, onClose }: { action: RecipeActionOut | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRecipeAction();
  const [title, setTitle] = useState(action?.title ?? '');
  const [actionType, setActionType] = useState<RecipeActionType>(action?.actionType ?? 'link');
  const [url, setUrl] = useState(action?.url ?? '');
  const [tried, setTried] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!title.trim() || !isActionUrl(url)) return;
    save.mutate({ id: action?.id, body: { title, actionType, url: url.trim() } }, { onSuccess: onClose });
  };
  return (
    <FormDialog open title={action ? t('automation.actions.edit') : t('automation.actions.create')} submitLabel={t('general.save')} saving={save.isPending} onClose={onClose} onSubmit={submit}>
      <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
        <TextField label={t('automation.actions.title-field')} value={title} onChange={(e) => setTitle(e.target.value)} required error={tried && !title.trim()} helperText={tried && !title.trim() ? t('automation.required') : undefined} />
        <TextField select label={t('automation.actions.type')} value={actionType} onChange={(e) => setActionType(e.target.value as RecipeActionType)}>
          <MenuItem value="link">{t('automation.actions.link')}</MenuItem>
          <MenuItem value="post">{t('automation.actions.post')}</MenuItem>
        </TextField>
        <TextField
          label={t('automation.actions.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          error={tried && !isActionUrl(url)}
          helperText={tried && !isActionUrl(url) ? t('automation.valid-url') : t('automation.actions.placeholders')}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
        />
      </Stack>
    </FormDialog>
  );
}

/** The household's recipe actions (links and posts that appear in every recipe's menu). */
export default function RecipeActionsPage() {
  const { t } = useTranslation();
  const { data, isPending } = useRecipeActionList();
  const remove = useDeleteRecipeAction();
  const [editing, setEditing] = useState<RecipeActionOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RecipeActionOut | null>(null);
  return (
    <Page
      title={t('automation.actions.title')}
      icon={<BoltIcon />}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          {t('automation.actions.create')}
        </Button>
      }
    >
      {isPending ? (
        <PageLoader />
      ) : !data?.length ? (
        <EmptyState icon={<BoltIcon />} title={t('automation.actions.empty')} />
      ) : (
        <Paper variant="outlined">
          <List>
            {data.map((a) => (
              <ListItem key={a.id} secondaryAction={<RowActions name={a.title} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />}>
                <ListItemText
                  primary={<bdi>{a.title}</bdi>}
                  secondary={
                    <>
                      {t(`automation.actions.${a.actionType}`)} · <bdi dir="ltr">{a.url}</bdi>
                    </>
                  }
                  sx={{ paddingInlineEnd: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {editing && <ActionDialog action={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('automation.actions.delete')}
        confirmLabel={t('general.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('general.confirm-delete-named', { name: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
