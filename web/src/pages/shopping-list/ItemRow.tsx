import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import type { ShoppingItemOut } from '../../api/shopping';

/** Extras key the server writes on a line it added up from amounts in different units. */
export const MERGED_FROM = 'hearth.mergedFrom';

export function itemText(item: ShoppingItemOut): string {
  return item.display || [item.quantity ? String(item.quantity) : '', item.unit?.name, item.food?.name, item.note].filter(Boolean).join(' ');
}

/** One item: a big tap target that ticks it, and an edit button. */
function ItemRow({ item, onToggle, onEdit, recipeNames }: { item: ShoppingItemOut; onToggle: (item: ShoppingItemOut) => void; onEdit: (item: ShoppingItemOut) => void; recipeNames: Map<string, string> }) {
  const { t } = useTranslation();
  const text = itemText(item);
  const recipes = item.recipeReferences.map((ref) => recipeNames.get(ref.recipeId)).filter(Boolean);
  // Amounts of one food in different units added up on the server (issue 37); the line says what it adds.
  const mergedFrom = typeof item.extras?.[MERGED_FROM] === 'string' ? item.extras[MERGED_FROM] : '';
  return (
    <Box component="li" data-testid="shopping-item" data-checked={item.checked} sx={{ display: 'flex', alignItems: 'center', minHeight: 48, borderBlockEnd: 1, borderColor: 'divider' }}>
      <Box component="label" sx={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0, cursor: 'pointer', minHeight: 48 }}>
        <Checkbox checked={item.checked} onChange={() => onToggle(item)} slotProps={{ input: { 'aria-label': t('shopping-list.check-item', { name: text }) } }} sx={{ width: 48, height: 48 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ textDecoration: item.checked ? 'line-through' : 'none', color: item.checked ? 'text.secondary' : 'text.primary', overflowWrap: 'anywhere' }}>
            <bdi>{text}</bdi>
          </Typography>
          {mergedFrom && (
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }} data-testid="shopping-item-merged">
              {/* U+2068/U+2069 isolate the amounts as <bdi> would, inside the translated sentence. */}
              {t('shopping-list.merged-from', { amounts: `\u2068${mergedFrom}\u2069` })}
            </Typography>
          )}
          {recipes.length > 0 && (
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
              <bdi>{recipes.join(', ')}</bdi>
            </Typography>
          )}
        </Box>
      </Box>
      <IconButton aria-label={`${t('shopping-list.edit-item')}: ${text}`} onClick={() => onEdit(item)} sx={{ width: 48, height: 48 }}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export default memo(ItemRow);
