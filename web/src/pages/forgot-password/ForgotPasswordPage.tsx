import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForgotPassword } from '../../api/hooks/user';
import FormTextField from '../../components/form/FormTextField';
import { validators } from '../../lib/validation';
import AuthCard from '../AuthCard';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const v = validators(t);
  const { control, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const onSubmit = handleSubmit(({ email }) => forgot.mutate(email.trim()));

  return (
    <AuthCard title={t('user.forgot-password')}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        {forgot.isSuccess ? (
          <Alert severity="success" role="status">
            {t('user.reset-link-sent')}
          </Alert>
        ) : (
          <>
            {forgot.isError && (
              <Alert severity="error" role="alert" sx={{ marginBlockEnd: 1 }}>
                {t('user.reset-link-failed')}
              </Alert>
            )}
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('user.email')}
              autoComplete="email"
              autoFocus
              helperText={t('user.forgot-password-hint')}
              rules={{ validate: { required: v.required, email: v.email } }}
            />
            <Button type="submit" variant="contained" fullWidth sx={{ marginBlockStart: 2 }} loading={forgot.isPending}>
              {t('user.send-reset-link')}
            </Button>
          </>
        )}
        <Box sx={{ textAlign: 'center', marginBlockStart: 2 }}>
          <Link href="/login">{t('user.back-to-login')}</Link>
        </Box>
      </Box>
    </AuthCard>
  );
}
