import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BackupIcon from '@mui/icons-material/Backup';
import BugReportIcon from '@mui/icons-material/BugReport';
import BuildIcon from '@mui/icons-material/Build';
import FavoriteIcon from '@mui/icons-material/Favorite';
import GroupsIcon from '@mui/icons-material/Groups';
import HomeIcon from '@mui/icons-material/Home';
import PeopleIcon from '@mui/icons-material/People';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import { flipInRtl } from '../../lib/rtl';
import { SPONSOR_URL } from '../constants';
import SidebarNav, { type NavLink } from './SidebarNav';
import { groupHome, useGroupContext } from './useGroupSlug';

/** The admin area's sidebar (admins only reach it, so nothing here is restricted further). */
export default function AdminSidebar() {
  const { t } = useTranslation();
  const { groupSlug } = useGroupContext();
  const links: NavLink[] = [
    { key: 'site-settings', title: t('sidebar.site-settings'), icon: <SettingsIcon />, to: '/admin/site-settings' },
    { key: 'users', title: t('user.users'), icon: <PeopleIcon />, to: '/admin/manage/users' },
    { key: 'households', title: t('household.households'), icon: <HomeIcon />, to: '/admin/manage/households' },
    { key: 'groups', title: t('group.groups'), icon: <GroupsIcon />, to: '/admin/manage/groups' },
    { key: 'backups', title: t('sidebar.backups'), icon: <BackupIcon />, to: '/admin/backups' },
    { key: 'maintenance', title: t('sidebar.maintenance'), icon: <BuildIcon />, to: '/admin/maintenance' },
    {
      key: 'debug',
      title: t('sidebar.debug'),
      icon: <BugReportIcon />,
      children: [
        { key: 'debug-openai', title: t('sidebar.openai'), icon: <PsychologyIcon />, to: '/admin/debug/openai' },
        { key: 'debug-parser', title: t('sidebar.parser'), icon: <TextSnippetIcon />, to: '/admin/debug/parser' },
      ],
    },
  ];
  const bottom: NavLink[] = [
    { key: 'back', title: t('sidebar.back-to-recipes'), icon: <ArrowBackIcon sx={flipInRtl} />, to: groupHome(groupSlug) },
    { key: 'sponsor', title: t('sidebar.sponsor'), icon: <FavoriteIcon color="error" />, href: SPONSOR_URL },
  ];
  return (
    <>
      <SidebarNav links={links} showRestricted label={t('sidebar.admin')} heading={t('sidebar.admin')} />
      <Box sx={{ flex: 1 }} />
      <Divider />
      <SidebarNav links={bottom} showRestricted label={t('sidebar.more')} />
    </>
  );
}
