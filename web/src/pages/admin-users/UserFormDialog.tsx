import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GroupOut, HouseholdOut, UserFlag, UserInBody, UserOut } from '../../api/types';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import { PASSWORD_MIN_LENGTH, validators } from '../../lib/validation';

export interface UserFormValues {
  username: string;
  fullName: string;
  email: string;
  password: string;
  authMethod: 'Mealie' | 'LDAP' | 'OIDC';
  group: string;
  household: string;
  admin: boolean;
  advanced: boolean;
  canInvite: boolean;
  canManage: boolean;
  canManageHousehold: boolean;
  canOrganize: boolean;
}

const flags: { name: UserFlag; label: string }[] = [
  { name: 'admin', label: 'user.admin' },
  { name: 'advanced', label: 'user.advanced' },
  { name: 'canInvite', label: 'household.can-invite' },
  { name: 'canManage', label: 'household.can-manage' },
  { name: 'canManageHousehold', label: 'household.can-manage-household' },
  { name: 'canOrganize', label: 'household.can-organize' },
];

function initialValues(user: UserOut | null, groups: GroupOut[]): UserFormValues {
  return {
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    password: '',
    authMethod: user?.authMethod ?? 'Mealie',
    group: user?.group ?? groups[0]?.name ?? '',
    household: user?.household ?? '',
    admin: user?.admin ?? false,
    advanced: user?.advanced ?? false,
    canInvite: user?.canInvite ?? false,
    canManage: user?.canManage ?? false,
    canManageHousehold: user?.canManageHousehold ?? false,
    canOrganize: user?.canOrganize ?? false,
  };
}

/**
 * The user form of spec §5: username, full name and email required; the password (min 8) only on
 * create; the authentication method only on update; the permission flags as switches.
 */
export default function UserFormDialog(props: {
  open: boolean;
  user: UserOut | null;
  groups: GroupOut[];
  households: HouseholdOut[];
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: UserInBody) => void;
}) {
  const { open, user, groups, households, saving, onClose, onSubmit } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const v = validators(t);
  const creating = user === null;
  const { control, handleSubmit, reset, setValue } = useForm<UserFormValues>({
    mode: 'onTouched',
    defaultValues: initialValues(user, groups),
  });

  useEffect(() => {
    if (open) reset(initialValues(user, groups));
  }, [open, user, groups, reset]);

  const group = useWatch({ control, name: 'group' });
  const groupHouseholds = useMemo(() => {
    const groupId = groups.find((g) => g.name === group)?.id;
    return households.filter((h) => h.groupId === groupId);
  }, [group, groups, households]);
  const household = useWatch({ control, name: 'household' });

  // A household belongs to one group: switching the group picks one of its households.
  useEffect(() => {
    if (groupHouseholds.length && !groupHouseholds.some((h) => h.name === household)) {
      setValue('household', groupHouseholds[0]?.name ?? '');
    }
  }, [groupHouseholds, household, setValue]);

  const submit = handleSubmit((values) => {
    const body: UserInBody = {
      username: values.username.trim(),
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      password: values.password,
      authMethod: values.authMethod,
      group: values.group || null,
      household: values.household || null,
      admin: values.admin,
      advanced: values.advanced,
      canInvite: values.canInvite,
      canManage: values.canManage,
      canManageHousehold: values.canManageHousehold,
      canOrganize: values.canOrganize,
    };
    onSubmit(body);
  });

  return (
    <Dialog open={open} onClose={() => !saving && onClose()} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{creating ? t('user.create-user') : t('user.edit-user')}</DialogTitle>
        <DialogContent dividers>
          <FormTextField control={control} name="username" label={t('user.username')} autoComplete="off"
            rules={{ validate: { required: v.required, noWhitespace: v.noWhitespace } }} />
          <FormTextField control={control} name="fullName" label={t('user.full-name')} autoComplete="off"
            rules={{ validate: { required: v.required } }} />
          <FormTextField control={control} name="email" type="email" label={t('user.email')} autoComplete="off"
            rules={{ validate: { required: v.required, email: v.email } }} />
          {creating && (
            <FormTextField control={control} name="password" type="password" label={t('user.password')} autoComplete="new-password"
              helperText={t('user.password-hint', { n: PASSWORD_MIN_LENGTH })}
              rules={{ validate: { required: v.required, min: v.minLength(PASSWORD_MIN_LENGTH) } }} />
          )}
          {!creating && (
            <FormTextField control={control} name="authMethod" select label={t('user.auth-method')}>
              {['Mealie', 'LDAP', 'OIDC'].map((m) => (
                <MenuItem key={m} value={m}>
                  {m === 'Mealie' ? t('user.auth-method-local') : m}
                </MenuItem>
              ))}
            </FormTextField>
          )}
          <FormTextField control={control} name="group" select label={t('group.group')}>
            {groups.map((g) => (
              <MenuItem key={g.id} value={g.name}>
                {g.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="household" select label={t('household.household')} disabled={groupHouseholds.length === 0}>
            {groupHouseholds.map((h) => (
              <MenuItem key={h.id} value={h.name}>
                {h.name}
              </MenuItem>
            ))}
          </FormTextField>
          <Typography variant="subtitle2" component="h3" sx={{ marginBlockStart: 2 }}>
            {t('user.permissions')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {flags.map((f) => (
              <FormSwitch key={f.name} control={control} name={f.name} label={t(f.label)} />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t('general.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {creating ? t('general.create') : t('general.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
