import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { UnitSystem } from '../../lib/recipe/convert';
import { ingredientParts, type DisplayIngredient } from '../../lib/recipe/ingredients';
import { sanitizeIngredientHtml } from '../../lib/recipe/markdown';

/** One ingredient at a scale: the quantity in bold, then unit, food and the note (which may hold b, q, i, strong, sup). */
export default function IngredientLine({
  ingredient,
  scale,
  disableAmount,
  system = null,
}: {
  ingredient: DisplayIngredient;
  scale: number;
  disableAmount: boolean;
  /** Amounts in metric or US measures (null: as written). */
  system?: UnitSystem | null;
}) {
  const parts = ingredientParts(ingredient, scale, disableAmount, system);
  const note = useMemo(() => sanitizeIngredientHtml(parts.note), [parts.note]);
  return (
    <Box component="span" className="hearth-ingredient" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
      {parts.quantity && (
        <Box component="strong" className="hearth-ingredient-quantity" sx={{ fontWeight: 700 }}>
          {parts.quantity}
        </Box>
      )}
      {parts.quantity && (parts.unit || parts.food || note) ? ' ' : null}
      {parts.unit && <span>{parts.unit} </span>}
      {parts.food && <span>{parts.food}</span>}
      {parts.food && note ? ' ' : null}
      {note && <Box component="span" sx={{ color: parts.food || parts.unit ? 'text.secondary' : 'inherit' }} dangerouslySetInnerHTML={{ __html: note }} />}
    </Box>
  );
}
