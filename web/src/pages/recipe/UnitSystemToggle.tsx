import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { recipeSystem, type UnitSystem } from '../../lib/recipe/convert';
import type { RecipeOut } from '../../lib/recipe/types';
import { setUnitSystem, useUnitSystem } from '../../components/recipe/useUnitSystem';

/** As written · Metric · US: shown when the recipe has amounts in measures that convert. */
export default function UnitSystemToggle({ recipe }: { recipe: RecipeOut }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  if (recipe.settings.disableAmount || recipeSystem(recipe.recipeIngredient) === null) return null;
  const options: Array<{ value: UnitSystem | 'original'; label: string }> = [
    { value: 'original', label: t('recipe-ui.units.original') },
    { value: 'metric', label: t('recipe-ui.units.metric') },
    { value: 'us', label: t('recipe-ui.units.us') },
  ];
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={system ?? 'original'}
      onChange={(_, value: UnitSystem | 'original' | null) => value && setUnitSystem(value === 'original' ? null : value)}
      aria-label={t('recipe-ui.units.label')}
      sx={{ marginBlockEnd: 1, flexWrap: 'wrap' }}
      data-testid="unit-system"
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value} sx={{ minHeight: 44, minWidth: 44, paddingInline: 1.5, textTransform: 'none' }}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
