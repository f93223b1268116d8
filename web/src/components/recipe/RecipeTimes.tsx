import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { formatRecipeTime } from '../../lib/recipe/durations';

interface TimesRecipe {
  prepTime?: string | null;
  totalTime?: string | null;
  performTime?: string | null;
}

/** Prep, total and perform (cook) times (stored text is isolated so "1 hour 30 minutes" reads right in Hebrew), as written or in words for ISO durations. */
export function recipeTimes(recipe: TimesRecipe, locale: string, t: (key: string) => string): { key: string; label: string; value: string }[] {
  return (
    [
      ['prepTime', t('recipe-ui.time.prep')],
      ['totalTime', t('recipe-ui.time.total')],
      ['performTime', t('recipe-ui.time.perform')],
    ] as const
  ).flatMap(([key, label]) => {
    const value = formatRecipeTime(recipe[key], locale);
    return value ? [{ key, label, value }] : [];
  });
}

export default function RecipeTimes({ recipe, variant = 'chips' }: { recipe: TimesRecipe; variant?: 'chips' | 'text' }) {
  const { t, i18n } = useTranslation();
  const times = recipeTimes(recipe, i18n.language, t);
  if (times.length === 0) return null;
  if (variant === 'text') {
    return (
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {times.map((time) => (
          <span key={time.key}>
            <strong>{time.label}:</strong> <bdi>{time.value}</bdi>
          </span>
        ))}
      </Stack>
    );
  }
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} aria-label={t('recipe-ui.time.times')} role="list">
      {times.map((time) => (
        <Chip role="listitem" key={time.key} icon={<ScheduleIcon />} variant="outlined" label={
            <>
              {time.label}: <bdi>{time.value}</bdi>
            </>
          }
        />
      ))}
    </Stack>
  );
}
