import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useResetPassword } from '../../api/hooks/user';
import FormTextField from '../../components/form/FormTextField';
import NewPasswordFields from '../../components/form/NewPasswordFields';
import { toast } from '../../components/toast/toastStore';
import { validators } from '../../lib/validation';
import AuthCard from '../AuthCard';

interface ResetForm {
  email: string;
  password: string;
  passwordConfirm: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const v = validators(t);
  const { control, handleSubmit } = useForm<ResetForm>({
    mode: 'onTouched',
    defaultValues: { email: '', password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, email: values.email.trim(), password: values.password, passwordConfirm: values.passwordConfirm },
      {
        onSuccess: () => {
          toast.success(t('user.password-updated'));
          navigate('/login');
        },
      },
    ),
  );

  return (
    <AuthCard title={t('user.reset-password')}>
      {!token ? (
        <Alert severity="error">{t('user.reset-token-missing')}</Alert>
      ) : (
        <Box component="form" onSubmit={onSubmit} noValidate>
          {reset.isError && (
            <Alert severity="error" role="alert" sx={{ marginBlockEnd: 1 }}>
              {t('user.reset-password-failed')}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('user.email')}
            autoComplete="email"
            rules={{ validate: { required: v.required, email: v.email } }}
          />
          <NewPasswordFields control={control} passwordName="password" confirmName="passwordConfirm" label={t('user.new-password')} />
          <Button type="submit" variant="contained" fullWidth sx={{ marginBlockStart: 2 }} loading={reset.isPending}>
            {t('user.reset-password')}
          </Button>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', marginBlockStart: 2 }}>
        <Link href="/login">{t('user.back-to-login')}</Link>
      </Box>
    </AuthCard>
  );
}
