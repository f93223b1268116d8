import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { nutritionRows } from '../../lib/recipe/nutrition';
import type { NutritionOut } from '../../lib/recipe/types';

/** The filled-in nutrition values: calories in kcal, cholesterol and sodium in mg, the rest in grams. */
export default function NutritionTable({ nutrition, caption }: { nutrition: Partial<NutritionOut> | null | undefined; caption: string }) {
  const { t } = useTranslation();
  const rows = nutritionRows(nutrition);
  if (rows.length === 0) return null;
  return (
    <Table size="small" aria-label={caption} sx={{ '& td': { paddingInline: 1 } }}>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field}>
            <TableCell component="th" scope="row">
              {t(`recipe-ui.nutrition.${row.field}`)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
              {row.value} {t(`recipe-ui.nutrition.unit-${row.unit}`)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
