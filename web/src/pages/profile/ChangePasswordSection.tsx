import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LockIcon from '@mui/icons-material/Lock';
import { useQueryClient } from '@tanstack/react-query';
import { useChangePassword } from '../../api/hooks/user';
import { toast } from '../../components/toast/toastStore';
import type { UserOut } from '../../api/types';
import FormTextField from '../../components/form/FormTextField';
import NewPasswordFields from '../../components/form/NewPasswordFields';
import { validators } from '../../lib/validation';
import Section from './Section';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const empty: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** PUT /api/users/password with the strength meter; a 400 means the current password is wrong. */
export default function ChangePasswordSection({ user }: { user: UserOut }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useChangePassword();
  const v = validators(t);
  const [wrongCurrent, setWrongCurrent] = useState(false);
  const [changed, setChanged] = useState(false);
  const { control, handleSubmit, reset } = useForm<PasswordForm>({ mode: 'onTouched', defaultValues: empty });

  if (user.authMethod !== 'Mealie') {
    return (
      <Section title={t('user.change-password')} icon={<LockIcon />}>
        <Alert severity="info">{t('profile.password-managed-elsewhere', { method: user.authMethod })}</Alert>
      </Section>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setWrongCurrent(false);
    setChanged(false);
    const { error } = await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (!error) {
      reset(empty);
      setChanged(true);
      toast.success(t('profile.password-changed'));
      // The first-login banner disappears once the default password is gone.
      void client.invalidateQueries({ queryKey: ['app', 'startup-info'] });
    } else if (error.status === 400) {
      setWrongCurrent(true);
    } else {
      toast.error(error.message);
    }
  });

  return (
    <Section title={t('user.change-password')} icon={<LockIcon />}>
      {changed && (
        <Alert severity="success" role="status" onClose={() => setChanged(false)} slotProps={{ closeButton: { title: t('general.close'), 'aria-label': t('general.close') } }} sx={{ marginBlockEnd: 2 }}>
          {t('profile.password-changed')}
        </Alert>
      )}
      <Box component="form" onSubmit={onSubmit} noValidate>
        <FormTextField
          control={control}
          name="currentPassword"
          type="password"
          label={t('user.current-password')}
          autoComplete="current-password"
          rules={{ validate: { required: v.required } }}
          externalError={wrongCurrent ? t('user.existing-password-does-not-match') : null}
        />
        <NewPasswordFields control={control} passwordName="newPassword" confirmName="confirmPassword" label={t('user.new-password')} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 1 }}>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t('user.update-password')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
