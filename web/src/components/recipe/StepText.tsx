import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SxProps, Theme } from '@mui/material/styles';
import { scaleStepMarkdown } from '../../lib/recipe/stepAmounts';
import type { RecipeOut } from '../../lib/recipe/types';
import Markdown from './Markdown';
import { useUnitSystem } from './useUnitSystem';

/**
 * A step's text with the amounts it writes scaled and converted with the ingredients they name (issue 37):
 * a changed amount is emphasised and keeps what the step wrote in its title. Recipe page, cook mode and print.
 */
export default function StepText({ text, recipe, scale, sx }: { text: string; recipe: Pick<RecipeOut, 'recipeIngredient' | 'settings'>; scale: number; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const system = useUnitSystem();
  const markdown = useMemo(
    () =>
      recipe.settings.disableAmount
        ? text
        : scaleStepMarkdown(text, recipe.recipeIngredient, scale, system, (amount) => t('recipe-ui.step-amount-as-written', { amount })),
    [text, recipe.recipeIngredient, recipe.settings.disableAmount, scale, system, t],
  );
  return <Markdown text={markdown} sx={sx} />;
}
