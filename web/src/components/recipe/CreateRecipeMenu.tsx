import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import { useAbout } from '../../api/hooks/app';
import { createRecipePath } from '../../lib/recipe/paths';

/** The Create menu (only for users in their own group): from a URL first, from an image when AI image services are on, or by hand. */
export default function CreateRecipeMenu({ groupSlug }: { groupSlug: string }) {
  const { t } = useTranslation();
  const menuId = useId();
  const { data: about } = useAbout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const entries = [
    { how: 'url' as const, icon: <LinkIcon />, label: t('recipe-ui.create.from-url') },
    ...(about?.enableOpenaiImageServices ? [{ how: 'image' as const, icon: <ImageIcon />, label: t('recipe-ui.create.from-image') }] : []),
    { how: 'new' as const, icon: <EditNoteIcon />, label: t('recipe-ui.create.manually') },
  ];
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('general.create')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {entries.map((entry) => (
          <MenuItem key={entry.how} component={RouterLink} to={createRecipePath(groupSlug, entry.how)} onClick={close}>
            <ListItemIcon>{entry.icon}</ListItemIcon>
            <ListItemText>{entry.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
