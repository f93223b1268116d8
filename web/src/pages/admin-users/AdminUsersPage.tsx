import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PeopleIcon from '@mui/icons-material/People';
import {
  useAdminGroups,
  useAdminHouseholds,
  useAdminUserMutations,
  useAdminUsers,
} from '../../api/hooks/admin';
import { useCurrentUser } from '../../api/hooks/auth';
import type { UserInBody, UserOut } from '../../api/types';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import { toast } from '../../components/toast/toastStore';
import UserFormDialog from './UserFormDialog';
import UsersTable from './UsersTable';

type Editing = { user: UserOut | null } | null;

/** /admin/manage/users: list, create, edit, delete, unlock, password reset links. */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const users = useAdminUsers();
  const groups = useAdminGroups();
  const households = useAdminHouseholds();
  const m = useAdminUserMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<UserOut | null>(null);
  const [resetLink, setResetLink] = useState<string | null>(null);

  const save = (body: UserInBody) => {
    if (!editing) return;
    const done = { onSuccess: () => setEditing(null) };
    if (editing.user === null) {
      m.create.mutate(body, {
        onSuccess: () => {
          toast.success(t('user.user-created'));
          setEditing(null);
        },
      });
    } else {
      const { password: _password, ...rest } = body;
      m.update.mutate({ id: editing.user.id, body: { ...rest, id: editing.user.id } }, done);
    }
  };

  const unlock = () =>
    m.unlock.mutate(undefined, { onSuccess: (r) => toast.success(t('user.users-unlocked', { count: r.unlocked })) });

  const makeResetLink = (user: UserOut) =>
    m.resetToken.mutate(user.email, {
      onSuccess: ({ token }) => setResetLink(`${window.location.origin}/reset-password?token=${encodeURIComponent(token)}`),
    });

  return (
    <Page
      title={t('user.users')}
      icon={<PeopleIcon fontSize="large" />}
      actions={
        <>
          <Button startIcon={<LockOpenIcon />} onClick={unlock} loading={m.unlock.isPending} variant="outlined">
            {t('user.unlock-users')}
          </Button>
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing({ user: null })}>
            {t('general.create')}
          </Button>
        </>
      }
    >
      {users.isPending && <PageLoader />}
      {users.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {users.data && (
        <UsersTable
          users={users.data}
          currentUserId={me?.id ?? null}
          onEdit={(user) => setEditing({ user })}
          onDelete={setDeleting}
          onResetLink={makeResetLink}
        />
      )}

      <UserFormDialog
        open={editing !== null}
        user={editing?.user ?? null}
        groups={groups.data ?? []}
        households={households.data ?? []}
        saving={m.create.isPending || m.update.isPending}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={t('user.delete-user')}
        confirmLabel={t('general.delete')}
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && m.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {t('user.confirm-delete-user', { name: deleting?.fullName || deleting?.username || '' })}
      </ConfirmDialog>

      <Dialog open={resetLink !== null} onClose={() => setResetLink(null)} fullWidth maxWidth="sm" aria-labelledby="reset-link-title">
        <DialogTitle id="reset-link-title">{t('user.password-reset-link')}</DialogTitle>
        <DialogContent>
          <Box sx={{ marginBlockEnd: 1 }}>{t('user.password-reset-link-hint')}</Box>
          <TextField value={resetLink ?? ''} multiline slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }} label={t('general.link')} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setResetLink(null)}>
            {t('general.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
