import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ingredientSections } from '../../lib/recipe/ingredients';
import { nutritionRows } from '../../lib/recipe/nutrition';
import type { PrintPreferences } from '../../lib/recipe/printPreferences';
import { scaledServings, yieldText } from '../../lib/recipe/scale';
import { formatQuantity } from '../../lib/recipe/fractions';
import type { RecipeOut } from '../../lib/recipe/types';
import IngredientLine from './IngredientLine';
import Markdown from './Markdown';
import NutritionTable from './NutritionTable';
import RecipeImage from './RecipeImage';
import RecipeTimes from './RecipeTimes';
import StepText from './StepText';
import { useUnitSystem } from './useUnitSystem';
import StepImages from './images/StepImages';

interface RecipePrintViewProps {
  recipe: RecipeOut;
  preferences: PrintPreferences;
  scale?: number;
}

/**
 * The print view (spec §2): image left, right or hidden; title; yield and servings; times; optional
 * description; ingredients by section in two columns; numbered steps; optional notes and nutrition.
 */
export default function RecipePrintView({ recipe, preferences, scale = 1 }: RecipePrintViewProps) {
  const { t } = useTranslation();
  // Amounts in the measures the reader chose on the recipe page.
  const system = useUnitSystem();
  const servings = scaledServings(recipe, scale);
  const yields = yieldText(recipe, scale);
  const sections = ingredientSections(recipe.recipeIngredient);
  const disableAmount = recipe.settings.disableAmount;
  const showImage = preferences.imagePosition !== 'hidden' && Boolean(recipe.image);
  let step = 0;

  return (
    <Box component="article" className="hearth-print-view" sx={{ color: 'text.primary', fontSize: '0.95rem', '& h2': { breakAfter: 'avoid' } }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          flexDirection: preferences.imagePosition === 'right' ? 'row-reverse' : 'row',
          gap: 3,
          alignItems: 'flex-start',
          marginBlockEnd: 2,
        }}
      >
        {showImage && (
          <RecipeImage
            recipeId={recipe.id}
            image={recipe.image}
            size="min-original"
            height={180}
            alt={recipe.name}
            sx={{ width: '32%', minWidth: 120, borderRadius: 1 }}
          />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: '1.9rem', fontWeight: 600, marginBlockEnd: 1 }}>
            {recipe.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', marginBlockEnd: 1 }}>
            {yields && (
              <span>
                <strong>{t('recipe-ui.yield')}:</strong> {yields}
              </span>
            )}
            {servings !== null && (
              <span>
                <strong>{t('recipe-ui.servings')}:</strong> {formatQuantity(servings)}
              </span>
            )}
          </Box>
          <RecipeTimes recipe={recipe} variant="text" />
          {preferences.showDescription && recipe.description && <Markdown text={recipe.description} sx={{ marginBlockStart: 1.5 }} />}
        </Box>
      </Box>

      {sections.length > 0 && (
        <Box component="section" sx={{ marginBlockEnd: 2 }}>
          <Typography variant="h5" component="h2" sx={{ fontSize: '1.3rem', borderBlockEnd: '1px solid', borderColor: 'divider', marginBlockEnd: 1 }}>
            {t('recipe-ui.ingredients')}
          </Typography>
          <Box sx={{ columnCount: { xs: 1, sm: 2 }, columnGap: 4, '@media print': { columnCount: 2 } }} data-testid="print-ingredients">
            {/* Lines, not whole sections, stay unbroken: a one-section list fills both columns too. */}
            {sections.map((section, i) => (
              <Box key={i} sx={{ marginBlockEnd: 1 }} data-testid="print-ingredient-section">
                {section.title && (
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, breakAfter: 'avoid-column' }}>
                    {section.title}
                  </Typography>
                )}
                <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2.5 }}>
                  {section.items.map(({ ingredient, index }) => (
                    <Box component="li" key={ingredient.referenceId || index} sx={{ breakInside: 'avoid' }}>
                      <IngredientLine ingredient={ingredient} scale={scale} disableAmount={disableAmount} system={system} />
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}

      {recipe.recipeInstructions.length > 0 && (
        <Box component="section" sx={{ marginBlockEnd: 2 }}>
          <Typography variant="h5" component="h2" sx={{ fontSize: '1.3rem', borderBlockEnd: '1px solid', borderColor: 'divider', marginBlockEnd: 1 }}>
            {t('recipe-ui.instructions')}
          </Typography>
          {recipe.recipeInstructions.map((instruction) => {
            step += 1;
            return (
              <Box key={instruction.id || step} sx={{ breakInside: 'avoid', marginBlockEnd: 1.5 }}>
                {instruction.title && (
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {instruction.title}
                  </Typography>
                )}
                <Typography component="p" sx={{ fontWeight: 600 }}>
                  {t('recipe-ui.step-number', { n: step })}
                  {instruction.summary ? `: ${instruction.summary}` : ''}
                </Typography>
                <StepText text={instruction.text} recipe={recipe} scale={scale} />
                <StepImages stepId={instruction.id} n={step} variant="print" />
              </Box>
            );
          })}
        </Box>
      )}

      {preferences.showNotes && recipe.notes.length > 0 && (
        <Box component="section" sx={{ marginBlockEnd: 2 }}>
          <Typography variant="h5" component="h2" sx={{ fontSize: '1.3rem', borderBlockEnd: '1px solid', borderColor: 'divider', marginBlockEnd: 1 }}>
            {t('recipe-ui.notes')}
          </Typography>
          {recipe.notes.map((note, i) => (
            <Box key={i} sx={{ breakInside: 'avoid', marginBlockEnd: 1 }}>
              {note.title && <Typography sx={{ fontWeight: 700 }}>{note.title}</Typography>}
              <Markdown text={note.text} />
            </Box>
          ))}
        </Box>
      )}

      {preferences.showNutrition && nutritionRows(recipe.nutrition).length > 0 && (
        <Box component="section" sx={{ breakInside: 'avoid', maxWidth: 360 }}>
          <Typography variant="h5" component="h2" sx={{ fontSize: '1.3rem', borderBlockEnd: '1px solid', borderColor: 'divider', marginBlockEnd: 1 }}>
            {t('recipe-ui.nutrition.title')}
          </Typography>
          <NutritionTable nutrition={recipe.nutrition} caption={t('recipe-ui.nutrition.title')} servings={servings} />
        </Box>
      )}
    </Box>
  );
}
