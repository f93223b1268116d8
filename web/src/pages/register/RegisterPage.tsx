import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAbout } from '../../api/hooks/app';
import { useRegister } from '../../api/hooks/user';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import PageLoader from '../../components/PageLoader';
import NewPasswordFields from '../../components/form/NewPasswordFields';
import { toast } from '../../components/toast/toastStore';
import { validators } from '../../lib/validation';
import AuthCard from '../AuthCard';
import { useUniqueCheck } from './useUniqueCheck';

interface RegisterForm {
  group: string;
  private: boolean;
  seedData: boolean;
  fullName: string;
  username: string;
  email: string;
  password: string;
  passwordConfirm: string;
  advanced: boolean;
}

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inviteToken = params.get('token');
  const { data: about, isPending: aboutPending } = useAbout();
  const register = useRegister();
  const [failed, setFailed] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const v = validators(t);
  const { control, handleSubmit } = useForm<RegisterForm>({
    mode: 'onTouched',
    defaultValues: {
      group: '',
      private: false,
      seedData: true,
      fullName: '',
      username: '',
      email: '',
      password: '',
      passwordConfirm: '',
      advanced: false,
    },
  });
  const [group, username, email] = useWatch({ control, name: ['group', 'username', 'email'] });
  const groupCheck = useUniqueCheck('group', group, !inviteToken);
  const usernameCheck = useUniqueCheck('username', username, !/\s/.test(username));
  const emailCheck = useUniqueCheck('email', email, v.email(email) === true);

  // The form is long: bring the failure message into view.
  useEffect(() => {
    if (failed) failureRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [failed]);

  if (aboutPending) return <PageLoader />;
  const open = Boolean(inviteToken) || Boolean(about?.allowSignup);

  const onSubmit = handleSubmit((values) => {
    if (groupCheck.taken || usernameCheck.taken || emailCheck.taken) return;
    setFailed(false);
    register.mutate(
      {
        group: inviteToken ? null : values.group.trim(),
        household: null,
        groupToken: inviteToken,
        email: values.email.trim(),
        username: values.username.trim(),
        fullName: values.fullName.trim(),
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        advanced: values.advanced,
        private: values.private,
        seedData: inviteToken ? false : values.seedData,
        locale: i18n.language,
      },
      {
        onSuccess: () => {
          toast.success(t('user.registration-success'));
          navigate('/login');
        },
        onError: () => setFailed(true),
      },
    );
  });

  if (!open) {
    return (
      <AuthCard title={t('user.register')}>
        <Alert severity="info">{t('user.registration-closed')}</Alert>
        <Button href="/login" fullWidth sx={{ marginBlockStart: 2 }}>
          {t('user.login')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('user.register')} width={560}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        {failed && (
          <Alert severity="error" role="alert" sx={{ marginBlockEnd: 1 }} ref={failureRef}>
            {t('user.error-signing-up')}
          </Alert>
        )}
        {inviteToken ? (
          <Alert severity="info" sx={{ marginBlockEnd: 1 }}>
            {t('user.joining-with-invitation')}
          </Alert>
        ) : (
          <>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('group.group-details')}
            </Typography>
            <FormTextField
              control={control}
              name="group"
              label={t('group.group-name')}
              rules={{ validate: { required: v.required } }}
              externalError={groupCheck.taken ? t('group.group-name-is-taken') : null}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
              <FormSwitch control={control} name="private" label={t('group.private-group')} />
              <FormSwitch control={control} name="seedData" label={t('group.seed-data')} />
            </Stack>
            <Divider sx={{ marginBlock: 1.5 }} />
          </>
        )}
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('user.account-details')}
        </Typography>
        <FormTextField
          control={control}
          name="fullName"
          label={t('user.full-name')}
          autoComplete="name"
          rules={{ validate: { required: v.required } }}
        />
        <FormTextField
          control={control}
          name="username"
          label={t('user.username')}
          autoComplete="username"
          rules={{ validate: { required: v.required, noWhitespace: v.noWhitespace } }}
          externalError={usernameCheck.taken ? t('user.username-is-taken') : null}
        />
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('user.email')}
          autoComplete="email"
          rules={{ validate: { required: v.required, email: v.email } }}
          externalError={emailCheck.taken ? t('user.email-is-taken') : null}
        />
        <NewPasswordFields control={control} passwordName="password" confirmName="passwordConfirm" label={t('user.password')} />
        <FormSwitch control={control} name="advanced" label={t('user.enable-advanced-features')} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ marginBlockStart: 2 }}
          loading={register.isPending}
          disabled={groupCheck.taken || usernameCheck.taken || emailCheck.taken}
        >
          {t('user.register')}
        </Button>
        <Box sx={{ textAlign: 'center', marginBlockStart: 2 }}>
          {t('user.already-have-account')} <Link href="/login">{t('user.login')}</Link>
        </Box>
      </Box>
    </AuthCard>
  );
}
