import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import IngredientLine from '../../components/recipe/IngredientLine';
import StepText from '../../components/recipe/StepText';
import { stepIngredients } from '../../lib/recipe/ingredients';
import type { RecipeOut } from '../../lib/recipe/types';
import { useUnitSystem } from '../../components/recipe/useUnitSystem';
import StepImages from '../../components/recipe/images/StepImages';

/**
 * Numbered steps; a step's title heads a group, its summary follows the step number, linked ingredients
 * show beneath. Tapping a step (or its checkbox) marks it done; the first step not done is highlighted
 * as the current one.
 */
export default function InstructionsPanel({ recipe, scale }: { recipe: RecipeOut; scale: number }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  const [done, setDone] = useState<Set<number>>(() => new Set());
  const steps = recipe.recipeInstructions;
  const current = steps.findIndex((_, i) => !done.has(i));
  const toggle = (index: number) =>
    setDone((prev) => {
      const next = new Set(prev);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  // A tap anywhere on the step toggles it, except on a link, a control or while selecting text.
  const onStepClick = (index: number) => (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a, button, input, label')) return;
    if (window.getSelection()?.toString()) return;
    toggle(index);
  };

  return (
    <Box component="section" aria-labelledby="recipe-instructions-heading">
      <Typography id="recipe-instructions-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-ui.instructions')}
      </Typography>
      {steps.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('recipe-ui.no-instructions')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {steps.map((step, i) => {
          const linked = stepIngredients(recipe.recipeIngredient, step.ingredientReferences);
          const isDone = done.has(i);
          const isCurrent = i === current;
          const checkboxId = `step-done-${i}`;
          return (
            <Box component="li" key={step.id || i} data-testid="instruction" data-done={isDone} aria-current={isCurrent ? 'step' : undefined}>
              {step.title && (
                <Typography variant="h6" component="h3" sx={{ marginBlockStart: 2, marginBlockEnd: 0.5, fontSize: '1.1rem' }}>
                  {step.title}
                </Typography>
              )}
              <Paper
                variant="outlined"
                onClick={onStepClick(i)}
                sx={{
                  padding: 2,
                  paddingBlockStart: 1,
                  marginBlockEnd: 1.5,
                  cursor: 'pointer',
                  borderColor: isCurrent ? 'primary.main' : 'divider',
                  // A thick start edge, with the padding taking back the difference so the text does not shift.
                  borderInlineStartWidth: isCurrent ? 5 : 1,
                  paddingInlineStart: isCurrent ? '12px' : 2,
                  transition: 'border-color 150ms',
                  '@media print': { borderColor: 'divider', borderInlineStartWidth: 1, paddingInlineStart: 2 },
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, marginInlineStart: -1 }}>
                  <Checkbox
                    id={checkboxId}
                    checked={isDone}
                    onChange={() => toggle(i)}
                    sx={{ width: 44, height: 44 }}
                    slotProps={{ input: { 'aria-label': t('recipe-ui.step-done', { n: i + 1 }) } }}
                  />
                  <Typography variant="subtitle2" component="p" sx={{ color: 'primary.main', fontWeight: 700 }}>
                    {t('recipe-ui.step-number', { n: i + 1 })}
                    {step.summary ? <Box component="span" sx={{ color: 'text.primary' }}>{`: ${step.summary}`}</Box> : null}
                  </Typography>
                </Box>
                <Box className="hearth-step-body" sx={{ textDecoration: isDone ? 'line-through' : 'none', color: isDone ? 'text.secondary' : 'inherit' }}>
                  <StepText text={step.text} recipe={recipe} scale={scale} />
                  {linked.length > 0 && (
                    <Box component="ul" sx={{ marginBlockStart: 1, marginBlockEnd: 0, paddingInlineStart: 2.5, color: 'text.secondary', fontSize: '0.9rem' }}>
                      {linked.map((ingredient) => (
                        <li key={ingredient.referenceId}>
                          <IngredientLine ingredient={ingredient} scale={scale} disableAmount={recipe.settings.disableAmount} system={system} />
                        </li>
                      ))}
                    </Box>
                  )}
                </Box>
                <StepImages stepId={step.id} n={i + 1} />
              </Paper>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
