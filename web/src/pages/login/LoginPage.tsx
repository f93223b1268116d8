import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import LoginIcon from '@mui/icons-material/Login';
import { useAbout } from '../../api/hooks/app';
import { useCurrentUser, useLogin, useOidcCallback, type LoginFailure } from '../../api/hooks/auth';
import type { UserOut } from '../../api/types';
import FormTextField from '../../components/form/FormTextField';
import { flipInRtl } from '../../lib/rtl';
import PageLoader from '../../components/PageLoader';
import { APP_NAME } from '../../app/constants';
import AuthCard from '../AuthCard';
import { API } from '../../../../contract/routes';

interface LoginForm {
  username: string;
  password: string;
  rememberMe: boolean;
}

/** Only same-site paths are accepted as the place to return to. */
function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: about } = useAbout();
  const { user, loading } = useCurrentUser();
  const login = useLogin();
  const oidc = useOidcCallback();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const { control, handleSubmit } = useForm<LoginForm>({ defaultValues: { username: '', password: '', rememberMe: false } });
  const redirect = safeRedirect(params.get('redirect'));
  const direct = params.get('direct') === '1';
  const oidcStarted = useRef(false);

  const goHome = (u: UserOut) => navigate(redirect ?? `/g/${encodeURIComponent(u.groupSlug)}`, { replace: true });

  // Back from the OpenID Connect provider: exchange its parameters for a token.
  useEffect(() => {
    if (oidcStarted.current || !params.get('code') || !params.get('state')) return;
    oidcStarted.current = true;
    oidc.mutate(window.location.search, { onSuccess: goHome });
  });

  // Automatic redirect to the provider, unless the user came here by logging out (?direct=1).
  useEffect(() => {
    if (about?.enableOidc && about.oidcRedirect && !direct && !params.get('code') && !user) {
      window.location.assign(API.authOauth);
    }
  }, [about, direct, params, user]);

  if (loading || oidc.isPending) return <PageLoader />;
  // ALLOW_PASSWORD_LOGIN=false: only the provider's button (the form stays while the answer is unknown).
  const passwordLogin = about?.allowPasswordLogin !== false || !about?.enableOidc;
  if (user && !login.isPending) return <Navigate to={redirect ?? `/g/${encodeURIComponent(user.groupSlug)}`} replace />;

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    login.mutate(
      { username: values.username.trim(), password: values.password, rememberMe: values.rememberMe },
      { onSuccess: goHome, onError: (f) => setFailure(f) },
    );
  });

  const failureText =
    failure === 'invalid'
      ? t('user.invalid-credentials')
      : failure === 'locked'
        ? t('user.account-locked-please-try-again-later')
        : typeof failure === 'object' && failure
          ? failure.throttled
          : failure
            ? t('user.login-failed')
            : null;

  return (
    <AuthCard title={t('user.sign-in-to', { app: APP_NAME })}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        {failureText && (
          <Alert severity="error" sx={{ marginBlockEnd: 1 }} role="alert">
            {failureText}
          </Alert>
        )}
        {oidc.isError && (
          <Alert severity="error" sx={{ marginBlockEnd: 1 }} role="alert" data-testid="oidc-error">
            {'status' in oidc.error && oidc.error.status > 0 && oidc.error.message ? oidc.error.message : t('user.login-failed')}
          </Alert>
        )}
        {passwordLogin && (<>
        <FormTextField
          control={control}
          name="username"
          label={t('user.email-or-username')}
          autoComplete="username"
          autoFocus
          rules={{ required: t('general.field-required') }}
        />
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('user.password')}
          autoComplete="current-password"
          rules={{ required: t('general.field-required') }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', marginBlock: 1 }}>
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} name={field.name} />}
                label={t('user.remember-me')}
              />
            )}
          />
          <Link href="/forgot-password" variant="body2">
            {t('user.forgot-password')}
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending} startIcon={<LoginIcon sx={flipInRtl} />}>
          {t('user.login')}
        </Button>
        </>)}
        {about?.enableOidc && (
          <Button
            variant={passwordLogin ? 'outlined' : 'contained'}
            size="large"
            fullWidth
            sx={{ marginBlockStart: passwordLogin ? 1.5 : 0, minBlockSize: 48 }}
            href={API.authOauth}
            component="a"
          >
            {t('user.login-with', { provider: about.oidcProviderName })}
          </Button>
        )}
        {about?.allowSignup && (
          <>
            <Divider sx={{ marginBlock: 2 }} />
            <Box sx={{ textAlign: 'center' }}>
              {t('user.dont-want-to-sign-in')}{' '}
              <Link href="/register">{t('user.register')}</Link>
            </Box>
          </>
        )}
      </Box>
    </AuthCard>
  );
}
