import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import HomeIcon from '@mui/icons-material/Home';
import { useAdminGroups, useAdminHouseholdMutations, useAdminHouseholds } from '../../api/hooks/admin';
import type { HouseholdOut } from '../../api/types';
import ConfirmDialog from '../../components/ConfirmDialog';
import FormDialog from '../../components/FormDialog';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import RowActions from '../../components/RowActions';
import { validators } from '../../lib/validation';

interface HouseholdForm {
  name: string;
  groupId: string;
  privateHousehold: boolean;
  lockRecipeEditsFromOtherHouseholds: boolean;
}

/** /admin/manage/households: GET/POST/PUT/DELETE /api/admin/households. */
export default function AdminHouseholdsPage() {
  const { t } = useTranslation();
  const households = useAdminHouseholds();
  const groups = useAdminGroups();
  const m = useAdminHouseholdMutations();
  const v = validators(t);
  const [editing, setEditing] = useState<{ household: HouseholdOut | null } | null>(null);
  const [deleting, setDeleting] = useState<HouseholdOut | null>(null);
  const { control, handleSubmit, reset } = useForm<HouseholdForm>();

  useEffect(() => {
    if (!editing) return;
    const h = editing.household;
    reset({
      name: h?.name ?? '',
      groupId: h?.groupId ?? groups.data?.[0]?.id ?? '',
      privateHousehold: h?.preferences?.privateHousehold ?? true,
      lockRecipeEditsFromOtherHouseholds: h?.preferences?.lockRecipeEditsFromOtherHouseholds ?? true,
    });
  }, [editing, groups.data, reset]);

  const onSubmit = handleSubmit((values) => {
    const close = { onSuccess: () => setEditing(null) };
    const h = editing?.household;
    if (!h) {
      m.create.mutate({ name: values.name.trim(), groupId: values.groupId || null }, close);
    } else {
      m.update.mutate(
        {
          id: h.id,
          body: {
            id: h.id,
            name: values.name.trim(),
            groupId: values.groupId,
            preferences: {
              privateHousehold: values.privateHousehold,
              lockRecipeEditsFromOtherHouseholds: values.lockRecipeEditsFromOtherHouseholds,
            },
          },
        },
        close,
      );
    }
  });

  return (
    <Page
      title={t('household.households')}
      icon={<HomeIcon fontSize="large" />}
      actions={
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing({ household: null })}>
          {t('general.create')}
        </Button>
      }
    >
      {households.isPending && <PageLoader />}
      {households.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {households.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('household.households')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('general.name')}</TableCell>
                <TableCell>{t('group.group')}</TableCell>
                <TableCell align="center">{t('user.users')}</TableCell>
                <TableCell align="right">{t('general.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {households.data.map((h) => (
                <TableRow key={h.id} hover>
                  <TableCell>{h.name}</TableCell>
                  <TableCell>{h.group}</TableCell>
                  <TableCell align="center">{h.users?.length ?? 0}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowActions name={h.name} onEdit={() => setEditing({ household: h })} onDelete={() => setDeleting(h)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      <FormDialog
        open={editing !== null}
        title={editing?.household ? t('household.edit-household') : t('household.create-household')}
        submitLabel={editing?.household ? t('general.save') : t('general.create')}
        saving={m.create.isPending || m.update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={onSubmit}
      >
        <FormTextField control={control} name="name" label={t('household.household-name')} autoFocus
          rules={{ validate: { required: v.required } }} />
        <FormTextField control={control} name="groupId" select label={t('group.group')} rules={{ validate: { required: v.required } }}>
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </FormTextField>
        {editing?.household && (
          <>
            <FormSwitch control={control} name="privateHousehold" label={t('household.private-household')} />
            <FormSwitch control={control} name="lockRecipeEditsFromOtherHouseholds" label={t('household.lock-recipe-edits')} />
          </>
        )}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t('household.delete-household')}
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
