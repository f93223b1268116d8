import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import IngredientLine from '../../components/recipe/IngredientLine';
import Markdown from '../../components/recipe/Markdown';
import { stepIngredients } from '../../lib/recipe/ingredients';
import type { RecipeOut } from '../../lib/recipe/types';
import { useUnitSystem } from './useUnitSystem';

/** Numbered steps; a step's title heads a group, its summary follows the step number, linked ingredients show beneath. */
export default function InstructionsPanel({ recipe, scale }: { recipe: RecipeOut; scale: number }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  return (
    <Box component="section" aria-labelledby="recipe-instructions-heading">
      <Typography id="recipe-instructions-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-ui.instructions')}
      </Typography>
      {recipe.recipeInstructions.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('recipe-ui.no-instructions')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {recipe.recipeInstructions.map((step, i) => {
          const linked = stepIngredients(recipe.recipeIngredient, step.ingredientReferences);
          return (
            <Box component="li" key={step.id || i} data-testid="instruction">
              {step.title && (
                <Typography variant="h6" component="h3" sx={{ marginBlockStart: 2, marginBlockEnd: 0.5, fontSize: '1.1rem' }}>
                  {step.title}
                </Typography>
              )}
              <Paper variant="outlined" sx={{ padding: 2, marginBlockEnd: 1.5 }}>
                <Typography variant="subtitle2" component="p" sx={{ color: 'primary.main', fontWeight: 700, marginBlockEnd: 0.5 }}>
                  {t('recipe-ui.step-number', { n: i + 1 })}
                  {step.summary ? <Box component="span" sx={{ color: 'text.primary' }}>{`: ${step.summary}`}</Box> : null}
                </Typography>
                <Markdown text={step.text} />
                {linked.length > 0 && (
                  <Box component="ul" sx={{ marginBlockStart: 1, marginBlockEnd: 0, paddingInlineStart: 2.5, color: 'text.secondary', fontSize: '0.9rem' }}>
                    {linked.map((ingredient) => (
                      <li key={ingredient.referenceId}>
                        <IngredientLine ingredient={ingredient} scale={scale} disableAmount={recipe.settings.disableAmount} system={system} />
                      </li>
                    ))}
                  </Box>
                )}
              </Paper>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
