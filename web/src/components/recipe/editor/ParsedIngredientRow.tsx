import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { FoodInput, UnitInput } from './FoodUnitInputs';
import { confidenceLevel, confidencePercent, foodNotLinked, quantityInvalid, withSuggestedFood, type ConfidenceLevel, type ReviewRow } from './parsedIngredients';

const CHIP_COLOR: Record<ConfidenceLevel, 'success' | 'warning' | 'error' | 'default'> = {
  high: 'success',
  medium: 'warning',
  low: 'error',
  unknown: 'default',
};

interface ParsedIngredientRowProps {
  row: ReviewRow;
  position: number;
  onChange: (position: number, next: ReviewRow) => void;
  onCreateUnit: (name: string, pluralName?: string | null) => void;
  onCreateFood: (name: string) => void;
  creating: string | null;
}

/**
 * One parsed line in the review: its text, confidences, and editable quantity, unit, food and note. A line
 * whose food is not one of the group's foods is highlighted, with the near foods the parser found as
 * one-tap "did you mean" links beside "create food": the parser never picks a near food by itself.
 */
function ParsedIngredientRow({ row, position, onChange, onCreateUnit, onCreateFood, creating }: ParsedIngredientRowProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<ReviewRow>) => onChange(position, { ...row, ...patch });
  const average = confidencePercent(row.confidence.average);
  const level = confidenceLevel(row.confidence.average);
  const parts = [
    ['quantity', row.confidence.quantity, true],
    ['unit', row.confidence.unit, Boolean(row.unit)],
    ['food', row.confidence.food, Boolean(row.food)],
    ['note', row.confidence.comment, Boolean(row.note.trim())],
  ] as const;
  const fieldConfidences = parts.flatMap(([key, value, shown]) => {
    const percent = confidencePercent(value);
    return shown && percent ? [t('ingredient-parser.field-confidence', { field: t(`ingredient-parser.fields.${key}`), percent })] : [];
  });
  const badQuantity = quantityInvalid(row);
  const newUnit = row.unit && !row.unit.id ? row.unit.name : null;
  const newFood = row.food && !row.food.id ? row.food.name : null;
  const unlinked = foodNotLinked(row) || row.food === null;
  const foodSuggestions = newFood ? row.suggestions.food : [];
  const unitSuggestions = newUnit ? row.suggestions.unit : [];

  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{
        padding: 1.5,
        listStyle: 'none',
        ...(unlinked ? { borderColor: 'warning.main', borderInlineStartWidth: 4 } : {}),
      }}
      data-testid="parsed-ingredient-row"
      data-unlinked={unlinked || undefined}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, marginBlockEnd: 0.5 }}>
        <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere' }} dir="auto">
          {row.line}
        </Typography>
        {average && (
          <Chip
            size="small"
            variant="outlined"
            color={CHIP_COLOR[level]}
            label={average}
            aria-label={t('ingredient-parser.confidence', { percent: average })}
            title={t(`ingredient-parser.level.${level}`)}
          />
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          columnGap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: '100px minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 1.5fr)' },
          '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <TextField
          label={t('recipe-ui.edit.quantity')}
          value={row.quantity}
          onChange={(e) => set({ quantity: e.target.value })}
          error={badQuantity}
          helperText={badQuantity ? t('recipe-ui.edit.quantity-invalid') : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Box sx={{ minWidth: 0 }}>
          <UnitInput value={row.unit} onChange={(unit) => set({ unit })} label={t('recipe-ui.edit.unit')} />
        </Box>
        <Box className="wide" sx={{ minWidth: 0 }}>
          <FoodInput value={row.food} onChange={(food) => set({ food })} label={t('recipe-ui.edit.food')} />
        </Box>
        <TextField className="wide" label={t('recipe-ui.edit.note')} value={row.note} onChange={(e) => set({ note: e.target.value })} />
      </Box>
      {unlinked && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, marginBlockStart: 0.5, color: 'warning.main' }}>
          <LinkOffIcon fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ color: 'text.primary' }}>
            {newFood ? (
              <>
                {t('ingredient-parser.food-not-linked')} <bdi>{newFood}</bdi>
              </>
            ) : (
              t('ingredient-parser.no-food')
            )}
          </Typography>
        </Stack>
      )}
      {(foodSuggestions.length > 0 || unitSuggestions.length > 0) && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockStart: 0.5 }} data-testid="parse-suggestions">
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ingredient-parser.did-you-mean')}
          </Typography>
          {foodSuggestions.map((suggestion) => (
            <Button
              key={`food-${suggestion.id}`}
              size="small"
              variant="outlined"
              sx={{ textTransform: 'none', minHeight: 44 }}
              startIcon={<LinkIcon />}
              onClick={() => onChange(position, withSuggestedFood(row, suggestion))}
            >
              <bdi>{t('ingredient-parser.link-food', { name: suggestion.name })}</bdi>
            </Button>
          ))}
          {unitSuggestions.map((suggestion) => (
            <Button
              key={`unit-${suggestion.id}`}
              size="small"
              variant="outlined"
              sx={{ textTransform: 'none', minHeight: 44 }}
              startIcon={<LinkIcon />}
              onClick={() => set({ unit: { id: suggestion.id, name: suggestion.name }, suggestions: { ...row.suggestions, unit: [] } })}
            >
              <bdi>{t('ingredient-parser.link-unit', { name: suggestion.name })}</bdi>
            </Button>
          ))}
        </Stack>
      )}
      {(fieldConfidences.length > 0 || newUnit || newFood) && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockStart: 0.5 }}>
          {fieldConfidences.length > 0 && (
            <Typography variant="caption" sx={{ color: 'text.secondary', flex: '1 1 200px' }}>
              {fieldConfidences.join(' · ')}
            </Typography>
          )}
          {newUnit && (
            <Button size="small" sx={{ textTransform: 'none', minHeight: 44 }} startIcon={<AddIcon />} onClick={() => onCreateUnit(newUnit, row.unit?.pluralName)} loading={creating === `unit:${newUnit}`}>
              {t('ingredient-parser.create-unit', { name: newUnit })}
            </Button>
          )}
          {newFood && (
            <Button size="small" sx={{ textTransform: 'none', minHeight: 44 }} startIcon={<AddIcon />} onClick={() => onCreateFood(newFood)} loading={creating === `food:${newFood}`}>
              {t('ingredient-parser.create-food', { name: newFood })}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}

export default memo(ParsedIngredientRow);
