import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import GroupsIcon from '@mui/icons-material/Groups';
import { useAdminGroupMutations, useAdminGroups } from '../../api/hooks/admin';
import type { GroupOut } from '../../api/types';
import ConfirmDialog from '../../components/ConfirmDialog';
import FormDialog from '../../components/FormDialog';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import RowActions from '../../components/RowActions';
import { validators } from '../../lib/validation';

interface GroupForm {
  name: string;
  privateGroup: boolean;
}

/**
 * /admin/manage/groups: GET/POST/PUT/DELETE /api/admin/groups. A refused delete ('Cannot delete
 * default group', 'Cannot delete group with users') arrives as detail.message and shows as a toast.
 */
export default function AdminGroupsPage() {
  const { t } = useTranslation();
  const groups = useAdminGroups();
  const m = useAdminGroupMutations();
  const v = validators(t);
  const [editing, setEditing] = useState<{ group: GroupOut | null } | null>(null);
  const [deleting, setDeleting] = useState<GroupOut | null>(null);
  const { control, handleSubmit, reset } = useForm<GroupForm>();

  useEffect(() => {
    if (!editing) return;
    reset({ name: editing.group?.name ?? '', privateGroup: editing.group?.preferences?.privateGroup ?? true });
  }, [editing, reset]);

  const onSubmit = handleSubmit((values) => {
    const close = { onSuccess: () => setEditing(null) };
    const g = editing?.group;
    if (!g) m.create.mutate({ name: values.name.trim() }, close);
    else
      m.update.mutate(
        { id: g.id, body: { id: g.id, name: values.name.trim(), preferences: { privateGroup: values.privateGroup } } },
        close,
      );
  });

  return (
    <Page
      title={t('group.groups')}
      icon={<GroupsIcon fontSize="large" />}
      actions={
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing({ group: null })}>
          {t('general.create')}
        </Button>
      }
    >
      {groups.isPending && <PageLoader />}
      {groups.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {groups.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('group.groups')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('general.name')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('general.slug')}</TableCell>
                <TableCell align="center">{t('household.households')}</TableCell>
                <TableCell align="center">{t('user.users')}</TableCell>
                <TableCell align="right">{t('general.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groups.data.map((g) => (
                <TableRow key={g.id} hover>
                  <TableCell>{g.name}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{g.slug}</TableCell>
                  <TableCell align="center">{g.households?.length ?? 0}</TableCell>
                  <TableCell align="center">{g.users?.length ?? 0}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowActions name={g.name} onEdit={() => setEditing({ group: g })} onDelete={() => setDeleting(g)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <FormDialog
        open={editing !== null}
        title={editing?.group ? t('group.edit-group') : t('group.create-group')}
        submitLabel={editing?.group ? t('general.save') : t('general.create')}
        saving={m.create.isPending || m.update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={onSubmit}
      >
        <FormTextField control={control} name="name" label={t('group.group-name')} autoFocus
          rules={{ validate: { required: v.required } }} />
        {editing?.group && <FormSwitch control={control} name="privateGroup" label={t('group.private-group')} />}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('group.delete-group')}
        confirmLabel={t('general.delete')}
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && m.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {t('general.confirm-delete-named', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
