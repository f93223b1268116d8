import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { useToggleFavorite } from '../../api/hooks/recipeSocial';

/** The favourite heart: toggles, then the user's ratings reload. */
export default function FavoriteButton({ userId, slug, favorite, size = 'small' }: { userId: string; slug: string; favorite: boolean; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const toggle = useToggleFavorite();
  const label = favorite ? t('recipe-ui.favorite.remove') : t('recipe-ui.favorite.add');
  return (
    <Tooltip title={label}>
      <IconButton
        size={size}
        aria-label={label}
        aria-pressed={favorite}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ userId, slug, favorite: !favorite })}
        sx={{ color: favorite ? 'error.main' : 'text.secondary' }}
      >
        {favorite ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
