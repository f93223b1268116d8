import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import PersonIcon from '@mui/icons-material/Person';
import { useUpdateSelf } from '../../api/hooks/user';
import type { UserOut } from '../../api/types';
import FormTextField from '../../components/form/FormTextField';
import { toast } from '../../components/toast/toastStore';
import { validators } from '../../lib/validation';
import Section from './Section';

interface DetailsForm {
  username: string;
  fullName: string;
  email: string;
}

/** Username, full name and email: PUT /api/users/{id}. */
export default function ProfileDetailsSection({ user }: { user: UserOut }) {
  const { t } = useTranslation();
  const update = useUpdateSelf();
  const v = validators(t);
  const { control, handleSubmit, reset, formState } = useForm<DetailsForm>({
    defaultValues: { username: user.username ?? '', fullName: user.fullName ?? '', email: user.email },
  });

  useEffect(() => {
    reset({ username: user.username ?? '', fullName: user.fullName ?? '', email: user.email });
  }, [user, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { user, changes: { username: values.username.trim(), fullName: values.fullName.trim(), email: values.email.trim() } },
      { onSuccess: () => toast.success(t('profile.details-saved')) },
    ),
  );

  const readOnly = user.authMethod !== 'Mealie';
  return (
    <Section title={t('profile.account-details')} icon={<PersonIcon />}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <FormTextField
          control={control}
          name="username"
          label={t('user.username')}
          autoComplete="username"
          disabled={readOnly}
          rules={{ validate: { required: v.required, noWhitespace: v.noWhitespace } }}
        />
        <FormTextField
          control={control}
          name="fullName"
          label={t('user.full-name')}
          autoComplete="name"
          disabled={readOnly}
          rules={{ validate: { required: v.required } }}
        />
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('user.email')}
          autoComplete="email"
          disabled={readOnly}
          rules={{ validate: { required: v.required, email: v.email } }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1 }} data-testid="profile-auth-method">
          {t('user.auth-method')}: {user.authMethod === 'Mealie' ? t('user.auth-method-local') : user.authMethod}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 1 }}>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={readOnly || !formState.isDirty}>
            {t('general.save')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
