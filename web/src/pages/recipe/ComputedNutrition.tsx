import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useComputedNutrition, useSetNutritionSource } from '../../api/hooks/nutrition';
import type { ComputedNutritionOut, NutritionSource } from '../../api/nutrition';
import { NUTRITION_FIELDS, nutritionUnit } from '../../lib/recipe/nutrition';
import NutritionTable from '../../components/recipe/NutritionTable';
import type { NutritionOut } from '../../lib/recipe/types';

const number = (value: number) => (Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10).toLocaleString();

/** Per serving and for the whole recipe at its scale, only the fields with a value. */
function ComputedTable({ data }: { data: ComputedNutritionOut }) {
  const { t } = useTranslation();
  const fields = NUTRITION_FIELDS.filter((field) => data.total[field] !== null);
  if (fields.length === 0) return <Typography variant="body2">{t('recipe-ui.nutrition.computed-none')}</Typography>;
  return (
    <Table size="small" aria-label={t('recipe-ui.nutrition.computed-title')} sx={{ '& td, & th': { paddingInline: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell component="td" />
          {data.perServing && <TableCell sx={{ textAlign: 'end', fontWeight: 700 }}>{t('recipe-ui.nutrition.per-serving')}</TableCell>}
          <TableCell sx={{ textAlign: 'end', fontWeight: 700 }}>{t('recipe-ui.nutrition.whole-recipe')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => {
          const unit = t(`recipe-ui.nutrition.unit-${nutritionUnit(field)}`);
          const perServing = data.perServing?.[field];
          return (
            <TableRow key={field}>
              <TableCell component="th" scope="row">{t(`recipe-ui.nutrition.${field}`)}</TableCell>
              {data.perServing && (
                <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                  {perServing === null || perServing === undefined ? '—' : <><bdi>{number(perServing)}</bdi> {unit}</>}
                </TableCell>
              )}
              <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
                <bdi>{number(data.total[field] as number)}</bdi> {unit}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Lines left out of the computed numbers, each with why and its share of the recipe's weight. */
function Uncounted({ data }: { data: ComputedNutritionOut }) {
  const { t } = useTranslation();
  if (data.uncounted.length === 0) return null;
  return (
    <Box sx={{ marginBlockStart: 1.5 }}>
      <Typography variant="subtitle2" component="h3" id="nutrition-uncounted-heading">
        {t('recipe-ui.nutrition.uncounted', { count: data.uncounted.length })}
      </Typography>
      <List dense disablePadding aria-labelledby="nutrition-uncounted-heading">
        {data.uncounted.map((line) => (
          <ListItem key={line.position} disableGutters sx={{ display: 'block' }}>
            <Typography variant="body2" component="span"><bdi>{line.text}</bdi></Typography>
            <Typography variant="body2" component="span" color="text.secondary">
              {' — '}
              {t(`recipe-ui.nutrition.reason-${line.reason}`)}
              {line.share !== null && ` · ${t('recipe-ui.nutrition.share', { value: Math.max(1, Math.round(line.share * 100)) })}`}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * The recipe's nutrition: the typed-in values (from the page it came from) or the values computed from its
 * linked foods, whichever the recipe shows; someone who may edit the recipe chooses.
 */
export default function NutritionSection({ slug, typed, servings, scale, canEdit, showTyped }: {
  slug: string;
  typed: Partial<NutritionOut> | null | undefined;
  servings: number | null;
  scale: number;
  canEdit: boolean;
  /** The recipe's "show nutrition" setting and typed values are there. */
  showTyped: boolean;
}) {
  const { t } = useTranslation();
  const computed = useComputedNutrition(slug, scale);
  const setSource = useSetNutritionSource(slug);
  const data = computed.data;
  const hasComputed = Boolean(data && data.counted.length > 0);
  if (!showTyped && !hasComputed) return null;
  const source: NutritionSource = !showTyped ? 'computed' : !hasComputed ? 'typed' : (data?.source ?? 'typed');
  return (
    <Box component="section" aria-labelledby="recipe-nutrition-heading" sx={{ marginBlockStart: 3, padding: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="recipe-nutrition">
      <Typography id="recipe-nutrition-heading" variant="h6" component="h2">
        {t('recipe-ui.nutrition.title')}
      </Typography>
      {showTyped && hasComputed && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={source}
          disabled={!canEdit || setSource.isPending}
          onChange={(_, value: NutritionSource | null) => value && setSource.mutate(value)}
          aria-label={t('recipe-ui.nutrition.source-label')}
          sx={{ marginBlock: 1, '& .MuiToggleButton-root': { minHeight: 44, textTransform: 'none' } }}
        >
          <ToggleButton value="typed">{t('recipe-ui.nutrition.source-typed')}</ToggleButton>
          <ToggleButton value="computed">{t('recipe-ui.nutrition.source-computed')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {source === 'typed' ? (
        <>
          <Typography variant="body2" color="text.secondary">{t('recipe-ui.nutrition.typed-note')}</Typography>
          <NutritionTable nutrition={typed} caption={t('recipe-ui.nutrition.title')} servings={servings} />
        </>
      ) : (
        data && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('recipe-ui.nutrition.computed-note', { grams: Math.round(data.countedGrams) })}
            </Typography>
            <ComputedTable data={data} />
            <Uncounted data={data} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ marginBlockStart: 1 }}>
              {t('recipe-ui.nutrition.reference-source')}
            </Typography>
          </>
        )
      )}
    </Box>
  );
}
