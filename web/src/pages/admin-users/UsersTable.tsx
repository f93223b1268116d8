import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import type { UserOut } from '../../api/types';
import UserAvatar from '../../components/UserAvatar';

export default function UsersTable(props: {
  users: UserOut[];
  currentUserId: string | null;
  onEdit: (user: UserOut) => void;
  onDelete: (user: UserOut) => void;
  onResetLink: (user: UserOut) => void;
}) {
  const { users, currentUserId, onEdit, onDelete, onResetLink } = props;
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('user.users')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('user.user')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('user.username')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('group.group')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('household.household')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('user.auth-method')}</TableCell>
            <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('user.admin')}
            </TableCell>
            <TableCell align="right">
              <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                {t('general.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const name = user.fullName || user.username || user.email;
            return (
              <TableRow key={user.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <UserAvatar user={user} size={32} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 500, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                        {user.fullName}
                        {user.admin && (
                          <AdminPanelSettingsIcon
                            color="primary"
                            fontSize="small"
                            titleAccess={t('user.admin')}
                            sx={{ display: { sm: 'none' } }}
                          />
                        )}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'break-word' }}>
                        {user.email}
                      </Typography>
                    </Box>
                  </Box>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{user.username}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{user.group}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{user.household}</TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }} data-testid="user-auth-method">
                  {user.authMethod === 'Mealie' ? t('user.auth-method-local') : user.authMethod}
                </TableCell>
                <TableCell align="center" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {user.admin ? (
                    <AdminPanelSettingsIcon color="primary" titleAccess={t('user.admin')} />
                  ) : (
                    <Box component="span" aria-label={t('general.no')}>—</Box>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', paddingInline: { xs: 0.5, sm: 2 } }}>
                  <Tooltip title={t('user.password-reset-link')}>
                    <IconButton size="small" aria-label={`${t('user.password-reset-link')}: ${name}`} onClick={() => onResetLink(user)}>
                      <KeyIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('general.edit')}>
                    <IconButton size="small" aria-label={`${t('general.edit')}: ${name}`} onClick={() => onEdit(user)}>
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('general.delete')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${t('general.delete')}: ${name}`}
                        onClick={() => onDelete(user)}
                        disabled={user.id === currentUserId}
                        color="error"
                      >
                        <DeleteIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
