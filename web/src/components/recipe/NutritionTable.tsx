import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatQuantity } from '../../lib/recipe/fractions';
import { nutritionRows, nutritionTotal } from '../../lib/recipe/nutrition';
import type { NutritionOut } from '../../lib/recipe/types';

/**
 * The filled-in nutrition values per serving (calories in kcal, cholesterol and sodium in mg, the rest in
 * grams) and, when the recipe has servings, the total for the servings at the current scale.
 */
export default function NutritionTable({
  nutrition,
  caption,
  servings = null,
}: {
  nutrition: Partial<NutritionOut> | null | undefined;
  caption: string;
  /** Servings being made (scaled); null or 1 leaves the totals out. */
  servings?: number | null;
}) {
  const { t } = useTranslation();
  const rows = nutritionRows(nutrition);
  if (rows.length === 0) return null;
  const withTotals = servings !== null && servings > 0 && servings !== 1;
  return (
    <Table size="small" aria-label={caption} sx={{ '& td, & th': { paddingInline: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell component="td" />
          <TableCell sx={{ textAlign: 'end', fontWeight: 700 }}>{t('recipe-ui.nutrition.per-serving')}</TableCell>
          {withTotals && (
            <TableCell sx={{ textAlign: 'end', fontWeight: 700 }} data-testid="nutrition-total-heading">
              {t('recipe-ui.nutrition.total', { count: servings, value: formatQuantity(servings) })}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const total = withTotals ? nutritionTotal(row.value, servings) : null;
          return (
            <TableRow key={row.field}>
              <TableCell component="th" scope="row">
                {t(`recipe-ui.nutrition.${row.field}`)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                <bdi>{row.value}</bdi> {t(`recipe-ui.nutrition.unit-${row.unit}`)}
              </TableCell>
              {withTotals && (
                <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                  {total !== null ? `${total} ${t(`recipe-ui.nutrition.unit-${row.unit}`)}` : '—'}
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
