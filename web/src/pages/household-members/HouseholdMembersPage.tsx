import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useCurrentUser } from '../../api/hooks/auth';
import { useHouseholdMembers, useSetPermissions } from '../../api/hooks/household';
import type { UserOut } from '../../api/types';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import UserAvatar from '../../components/UserAvatar';
import InviteDialog from './InviteDialog';

const permissionFlags = ['canManage', 'canManageHousehold', 'canInvite', 'canOrganize'] as const;
type PermissionFlag = (typeof permissionFlags)[number];

const flagLabels: Record<PermissionFlag, string> = {
  canManage: 'household.can-manage',
  canManageHousehold: 'household.can-manage-household',
  canInvite: 'household.can-invite',
  canOrganize: 'household.can-organize',
};

function MemberName({ member }: { member: UserOut }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 180 }}>
      <UserAvatar user={member} size={36} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
          <bdi>{member.fullName || member.username}</bdi>
          {member.admin && <Chip label={t('user.admin')} size="small" color="primary" sx={{ marginInlineStart: 1 }} />}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
          <bdi>{member.email}</bdi>
        </Typography>
      </Box>
    </Box>
  );
}

/** /household/members: the household's users and their permission switches (PUT /api/households/permissions). */
export default function HouseholdMembersPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { data, isPending, isError } = useHouseholdMembers();
  const setPermissions = useSetPermissions();
  const phone = useMediaQuery('(max-width:599.95px)');
  const [inviting, setInviting] = useState(false);
  // Nobody changes their own permissions, and only managers change anyone's.
  const isLocked = (member: UserOut) => member.id === user?.id || !user?.canManage || setPermissions.isPending;
  const switchFor = (member: UserOut, flag: PermissionFlag, label?: string) => (
    <Switch
      checked={member[flag]}
      disabled={isLocked(member)}
      onChange={(e) => toggle(member, flag, e.target.checked)}
      slotProps={{ input: { 'aria-label': label ?? `${t(flagLabels[flag])}: ${member.fullName || member.username}` } }}
    />
  );

  const toggle = (member: UserOut, flag: PermissionFlag, value: boolean) => {
    setPermissions.mutate({
      userId: member.id,
      canManage: member.canManage,
      canManageHousehold: member.canManageHousehold,
      canInvite: member.canInvite,
      canOrganize: member.canOrganize,
      [flag]: value,
    });
  };

  return (
    <Page
      title={t('household.members')}
      subtitle={t('household.members-description')}
      icon={<PeopleIcon fontSize="large" />}
      actions={
        user?.canInvite ? (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} sx={{ minHeight: 44 }}>
            {t('household.invite-member')}
          </Button>
        ) : undefined
      }
    >
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      {isPending && <PageLoader />}
      {isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {data && phone && (
        <List aria-label={t('household.members')} disablePadding>
          {data.items.map((member) => (
            <ListItem key={member.id} divider sx={{ display: 'block', paddingInline: 0 }}>
              <MemberName member={member} />
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', marginBlockStart: 1 }}>
                {permissionFlags.map((flag) => (
                  <FormControlLabel
                    key={flag}
                    control={switchFor(member, flag, `${t(flagLabels[flag])}: ${member.fullName || member.username}`)}
                    label={t(flagLabels[flag])}
                    slotProps={{ typography: { variant: 'body2' } }}
                  />
                ))}
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {data && !phone && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('household.members')} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('user.user')}</TableCell>
                {permissionFlags.map((flag) => (
                  <TableCell key={flag} align="center">
                    {t(flagLabels[flag])}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((member) => (
                <TableRow key={member.id} hover>
                  <TableCell>
                    <MemberName member={member} />
                  </TableCell>
                  {permissionFlags.map((flag) => (
                    <TableCell key={flag} align="center">
                      {switchFor(member, flag)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
