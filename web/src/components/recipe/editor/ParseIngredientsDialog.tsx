import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useAbout } from '../../../api/hooks/app';
import { useCreateFoodByName, useCreateUnitByName, useParseIngredients, type RegisteredParser } from '../../../api/hooks/parser';
import ParsedIngredientRow from './ParsedIngredientRow';
import { quantityInvalid, toReviewRows, withCreatedFood, withCreatedUnit, type LineToParse, type ReviewRow } from './parsedIngredients';
import { PARSERS, useParserPreference } from './parserPreference';

interface ParseIngredientsDialogProps {
  lines: LineToParse[];
  onCancel: () => void;
  onAccept: (rows: ReviewRow[]) => void;
}

/**
 * The review step: the lines go to POST /api/parser/ingredients with the remembered parser; each parsed
 * line can be corrected, missing units and foods created; "accept all" hands the rows back.
 * Mounted only while open, so every opening parses the ingredients as they are then.
 */
export default function ParseIngredientsDialog({ lines, onCancel, onAccept }: ParseIngredientsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const { data: about } = useAbout();
  const [preferred, setPreferred] = useParserPreference();
  const parsers = PARSERS.filter((p) => p !== 'openai' || about?.enableOpenai);
  const parser: RegisteredParser = parsers.includes(preferred) ? preferred : 'nlp';
  const parse = useParseIngredients();
  const { mutate: createUnit } = useCreateUnitByName();
  const { mutate: createFood } = useCreateFoodByName();
  const [rows, setRows] = useState<ReviewRow[] | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const { mutate } = parse;

  useEffect(() => {
    setRows(null);
    mutate({ parser, lines: lines.map((l) => l.line) }, { onSuccess: (parsed) => setRows(toReviewRows(lines, parsed)) });
  }, [parser, lines, mutate]);

  const onRowChange = useCallback((position: number, next: ReviewRow) => {
    setRows((current) => current && current.map((row, i) => (i === position ? next : row)));
  }, []);

  const onCreateUnit = useCallback(
    (name: string, pluralName?: string | null) => {
      setCreating(`unit:${name}`);
      createUnit({ name, pluralName }, {
        onSuccess: (unit) =>
          setRows((current) =>
            current &&
            withCreatedUnit(current, name, {
              id: unit.id,
              name: unit.name,
              pluralName: unit.pluralName,
              abbreviation: unit.abbreviation || null,
              pluralAbbreviation: unit.pluralAbbreviation,
              useAbbreviation: unit.useAbbreviation,
              fraction: unit.fraction,
            }),
          ),
        onSettled: () => setCreating(null),
      });
    },
    [createUnit],
  );

  const onCreateFood = useCallback(
    (name: string) => {
      setCreating(`food:${name}`);
      createFood(name, {
        onSuccess: (food) => setRows((current) => current && withCreatedFood(current, name, { id: food.id, name: food.name, pluralName: food.pluralName })),
        onSettled: () => setCreating(null),
      });
    },
    [createFood],
  );

  const invalid = rows?.some(quantityInvalid) ?? true;

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('ingredient-parser.review-title')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0, sm: 2 }, alignItems: { sm: 'center' }, marginBlockEnd: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
            {t('ingredient-parser.review-help')}
          </Typography>
          <TextField
            select
            label={t('ingredient-parser.parser')}
            value={parser}
            onChange={(e) => setPreferred(e.target.value as RegisteredParser)}
            sx={{ width: { xs: '100%', sm: 260 }, flexShrink: 0 }}
            disabled={parse.isPending}
          >
            {parsers.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`ingredient-parser.parsers.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {parse.isPending && (
          <Box sx={{ paddingBlock: 3 }} role="status">
            <LinearProgress aria-label={t('ingredient-parser.parsing')} />
            <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1, textAlign: 'center' }}>
              {t('ingredient-parser.parsing')}
            </Typography>
          </Box>
        )}
        {parse.isError && (
          <Alert severity="error" sx={{ marginBlock: 2 }}>
            {t('ingredient-parser.failed', { message: parse.error.message })}
          </Alert>
        )}
        {rows && !parse.isPending && (
          <Stack component="ol" sx={{ gap: 1.5, padding: 0, margin: 0 }} aria-label={t('ingredient-parser.parsed-lines')}>
            {rows.map((row, position) => (
              <ParsedIngredientRow
                key={row.index}
                row={row}
                position={position}
                onChange={onRowChange}
                onCreateUnit={onCreateUnit}
                onCreateFood={onCreateFood}
                creating={creating}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('general.cancel')}</Button>
        <Button variant="contained" startIcon={<DoneAllIcon />} disabled={!rows || parse.isPending || invalid} onClick={() => rows && onAccept(rows)}>
          {t('ingredient-parser.accept-all')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
