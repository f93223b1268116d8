import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import IngredientLine from '../../components/recipe/IngredientLine';
import { ingredientSections } from '../../lib/recipe/ingredients';
import type { RecipeOut } from '../../lib/recipe/types';
import UnitSystemToggle from './UnitSystemToggle';
import { useUnitSystem } from '../../components/recipe/useUnitSystem';

/** Ingredients by section at the current scale; ticking one strikes it through while cooking. */
export default function IngredientsPanel({ recipe, scale }: { recipe: RecipeOut; scale: number }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const sections = ingredientSections(recipe.recipeIngredient);
  const toggle = (index: number) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Box component="section" aria-labelledby="recipe-ingredients-heading">
      <Typography id="recipe-ingredients-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-ui.ingredients')}
      </Typography>
      <UnitSystemToggle recipe={recipe} />
      {sections.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('recipe-ui.no-ingredients')}</Typography>}
      {sections.map((section, i) => (
        <Box key={i} sx={{ marginBlockEnd: 1.5 }} data-testid="ingredient-section">
          {section.title && (
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, borderBlockEnd: '1px solid', borderColor: 'divider', marginBlockEnd: 0.5 }}>
              {section.title}
            </Typography>
          )}
          <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {section.items.map(({ ingredient, index }) => (
              <Box component="li" key={ingredient.referenceId || index} data-testid="ingredient">
                <FormControlLabel
                  sx={{
                    alignItems: 'flex-start',
                    marginInlineStart: -1,
                    marginInlineEnd: 0,
                    // The whole line is the tap target, at least 44 px high; the box itself 44 × 44.
                    minHeight: 44,
                    '& .MuiCheckbox-root': { width: 44, height: 44 },
                    '& .MuiFormControlLabel-label': {
                      paddingBlockStart: 1.25,
                      textDecoration: checked.has(index) ? 'line-through' : 'none',
                      opacity: checked.has(index) ? 0.6 : 1,
                    },
                  }}
                  control={<Checkbox size="small" checked={checked.has(index)} onChange={() => toggle(index)} />}
                  label={<IngredientLine ingredient={ingredient} scale={scale} disableAmount={recipe.settings.disableAmount} system={system} />}
                />
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
