import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PlanNutritionDay } from '../../api/cupboard';
import { nutritionUnit } from '../../lib/recipe/nutrition';
import type { NutritionField } from '../../lib/recipe/types';

/** The four a day shows; the API carries all eleven. */
const SHOWN: readonly NutritionField[] = ['calories', 'proteinContent', 'fatContent', 'carbohydrateContent'];

const number = (value: number) => (Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10).toLocaleString();

/**
 * A planned day's nutrition (issue 37): one serving of each planned recipe, summed, and how many meals could
 * not be counted (a note without a recipe, a recipe without nutrition) with their names, so the total is honest.
 */
export default function DayNutrition({ day }: { day: PlanNutritionDay | undefined }) {
  const { t } = useTranslation();
  if (!day || day.counted + day.uncounted.length === 0) return null;
  const fields = SHOWN.filter((field) => day.total[field] !== null);
  const headingId = `day-nutrition-${day.date}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="mealplan-day-nutrition" sx={{ borderBlockStart: 1, borderColor: 'divider', paddingBlockStart: 0.5 }}>
      <Typography id={headingId} variant="caption" component="h3" sx={{ fontWeight: 700, color: 'text.secondary', display: 'block' }}>
        {t('meal-plan.day-nutrition', { count: day.counted })}
      </Typography>
      {fields.length > 0 && (
        <Box component="dl" sx={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) auto', columnGap: 1, rowGap: 0, justifyContent: 'start' }}>
          {fields.map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" sx={{ overflowWrap: 'anywhere' }}>{t(`recipe-ui.nutrition.${field}`)}</Typography>
              <Typography component="dd" variant="caption" sx={{ margin: 0, fontWeight: 600, whiteSpace: 'nowrap' }}>
                <bdi>{number(day.total[field] as number)}</bdi> {t(`recipe-ui.nutrition.unit-${nutritionUnit(field)}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {day.uncounted.length > 0 && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', margin: 0 }} data-testid="mealplan-day-uncounted">
          {t('meal-plan.day-nutrition-uncounted', { count: day.uncounted.length })}{' '}
          {day.uncounted.map((entry, index) => (
            <span key={entry.entryId}>
              {index > 0 && ', '}
              <bdi>{entry.title || t('meal-plan.untitled')}</bdi> ({t(`meal-plan.uncounted-${entry.reason}`)})
            </span>
          ))}
        </Typography>
      )}
    </Box>
  );
}
