import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useCurrentUser } from '../../api/hooks/auth';
import { useShoppingListMutations, useShoppingLists } from '../../api/hooks/shopping';
import ConfirmDialog from '../../components/ConfirmDialog';
import EmptyState from '../../components/EmptyState';
import FormDialog from '../../components/FormDialog';
import Page from '../../components/Page';
import { ListSkeleton } from '../../components/PageSkeleton';
import type { ShoppingListSummary } from '../../api/shopping';
import { setShoppingPrefs, useShoppingPrefs } from '../../lib/shoppingPrefs';
import QueueStatus from '../../components/QueueStatus';

/** /shopping-lists: the user's lists (all the household's with "Show all lists"). */
export default function ShoppingListsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const prefs = useShoppingPrefs();
  const { data: lists, isPending } = useShoppingLists();
  const mutations = useShoppingListMutations();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<ShoppingListSummary | null>(null);

  const visible = (lists ?? []).filter((list) => prefs.viewAllLists || list.userId === user?.id);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutations.create.mutate(name.trim() || t('shopping-list.shopping-list'), {
      onSuccess: () => {
        setCreating(false);
        setName('');
      },
    });
  };

  return (
    <Page
      title={t('shopping-list.shopping-lists')}
      icon={<ShoppingCartIcon fontSize="large" />}
      actions={
        <>
          <QueueStatus />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ minHeight: 44 }}>
            {t('shopping-list.new-list')}
          </Button>
        </>
      }
      maxWidth={800}
    >
      <FormControlLabel
        control={<Switch checked={prefs.viewAllLists} onChange={(e) => setShoppingPrefs({ viewAllLists: e.target.checked })} />}
        label={t('shopping-list.view-all-lists')}
        sx={{ marginBlockEnd: 1, minHeight: 44 }}
      />
      {isPending ? (
        <ListSkeleton rows={4} />
      ) : visible.length === 0 ? (
        <EmptyState icon={<ShoppingCartIcon />} title={t('shopping-list.no-shopping-lists-found')} />
      ) : (
        <Stack component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0, gap: 1 }}>
          {visible.map((list) => (
            <Card component="li" key={list.id} variant="outlined" sx={{ display: 'flex', alignItems: 'center' }}>
              <CardActionArea component={RouterLink} to={`/shopping-lists/${list.id}`} sx={{ padding: 2, minHeight: 56, flex: 1 }}>
                <Typography variant="h6" component="h2">
                  <bdi>{list.name || t('shopping-list.shopping-list')}</bdi>
                </Typography>
                {list.userId !== user?.id && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('shopping-list.owner-other')}
                  </Typography>
                )}
              </CardActionArea>
              <IconButton aria-label={`${t('shopping-list.delete-list')}: ${list.name ?? ''}`} onClick={() => setDeleting(list)} sx={{ width: 48, height: 48, marginInlineEnd: 1 }}>
                <DeleteIcon />
              </IconButton>
            </Card>
          ))}
        </Stack>
      )}
      <FormDialog open={creating} title={t('shopping-list.new-list')} submitLabel={t('general.create')} saving={mutations.create.isPending} onClose={() => setCreating(false)} onSubmit={submit}>
        <TextField autoFocus fullWidth margin="dense" label={t('shopping-list.list-name')} value={name} onChange={(e) => setName(e.target.value)} />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('shopping-list.delete-list')}
        confirmLabel={t('general.delete')}
        loading={mutations.remove.isPending}
        onConfirm={() => deleting && mutations.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('general.confirm-delete-named', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
