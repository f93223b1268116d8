import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { formatQuantity } from '../../lib/recipe/fractions';
import { MIN_SCALE, nextScale, scaledServings, scaleLabel, yieldText } from '../../lib/recipe/scale';
import type { RecipeOut } from '../../lib/recipe/types';

const PRESETS = [0.5, 1, 2, 3];

/** Servings and yield at the current scale, with − / + and a reset; the scale itself shows only above 1 (spec §5). */
export default function ScaleControl({ recipe, scale, onScale }: { recipe: RecipeOut; scale: number; onScale: (scale: number) => void }) {
  const { t } = useTranslation();
  const servings = scaledServings(recipe, scale);
  const yields = yieldText(recipe, scale);
  const label = scaleLabel(scale);
  const base = recipe.recipeServings > 0 ? recipe.recipeServings : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={t('recipe-ui.scale.label')}>
      <Tooltip title={t('recipe-ui.scale.decrease')}>
        <span>
          <IconButton sx={{ width: 44, height: 44 }} aria-label={t('recipe-ui.scale.decrease')} disabled={scale <= MIN_SCALE} onClick={() => onScale(nextScale(scale, base, false))}>
            <RemoveIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography component="span" aria-live="polite" data-testid="recipe-servings">
        {servings !== null ? t('recipe-ui.scale.servings', { count: servings, value: formatQuantity(servings) }) : t('recipe-ui.scale.batch')}
        {yields ? ` · ${yields}` : ''}
      </Typography>
      <Tooltip title={t('recipe-ui.scale.increase')}>
        <IconButton sx={{ width: 44, height: 44 }} aria-label={t('recipe-ui.scale.increase')} onClick={() => onScale(nextScale(scale, base, true))}>
          <AddIcon />
        </IconButton>
      </Tooltip>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={PRESETS.includes(scale) ? scale : null}
        onChange={(_, value: number | null) => value !== null && onScale(value)}
        aria-label={t('recipe-ui.scale.presets')}
      >
        {PRESETS.map((preset) => (
          <ToggleButton key={preset} value={preset} sx={{ minWidth: 44, minHeight: 44 }} aria-label={t('recipe-ui.scale.times', { value: formatQuantity(preset) })}>
            ×{formatQuantity(preset)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {label && <Chip size="small" color="secondary" label={label} data-testid="recipe-scale" />}
      {scale !== 1 && (
        <Tooltip title={t('recipe-ui.scale.reset')}>
          <IconButton sx={{ width: 44, height: 44 }} aria-label={t('recipe-ui.scale.reset')} onClick={() => onScale(1)}>
            <RestartAltIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
