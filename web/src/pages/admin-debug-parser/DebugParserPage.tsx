import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import { useAbout } from '../../api/hooks/app';
import { useParseIngredients, type ParsedIngredientOut, type RegisteredParser } from '../../api/hooks/parser';
import Page from '../../components/Page';
import { confidenceLevel, confidencePercent } from '../../components/recipe/editor/parsedIngredients';
import { PARSERS, useParserPreference } from '../../components/recipe/editor/parserPreference';

const EXAMPLES = ['1 ½ cups all-purpose flour, sifted', '2 tbsp olive oil', '3 large eggs, beaten', 'salt and pepper to taste', '250 g butter (softened)'];

const LEVEL_COLOR = { high: 'success', medium: 'warning', low: 'error', unknown: 'default' } as const;

function ConfidenceChip({ value }: { value: number | null }) {
  const { t } = useTranslation();
  const percent = confidencePercent(value);
  if (!percent) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('ingredient-parser.no-confidence')}</Typography>;
  return <Chip size="small" variant="outlined" color={LEVEL_COLOR[confidenceLevel(value)]} label={percent} />;
}

function Result({ parsed }: { parsed: ParsedIngredientOut }) {
  const { t } = useTranslation();
  const { ingredient, confidence } = parsed;
  const matched = (item: { name: string } | null) =>
    item ? `${item.name} · ${'id' in item ? t('ingredient-parser.debug.matched') : t('ingredient-parser.debug.new')}` : '—';
  const rows = [
    [t('ingredient-parser.fields.quantity'), ingredient.quantity === null ? '—' : String(ingredient.quantity), confidence.quantity],
    [t('ingredient-parser.fields.unit'), matched(ingredient.unit), confidence.unit],
    [t('ingredient-parser.fields.food'), matched(ingredient.food), confidence.food],
    [t('ingredient-parser.fields.note'), ingredient.note || '—', confidence.comment],
  ] as const;
  return (
    <Card variant="outlined" data-testid="parser-result">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockEnd: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} dir="auto">
            {ingredient.display || parsed.input}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ingredient-parser.debug.average')}
          </Typography>
          <ConfidenceChip value={confidence.average} />
        </Stack>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('ingredient-parser.debug.fields')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('ingredient-parser.debug.field')}</TableCell>
                <TableCell>{t('ingredient-parser.debug.value')}</TableCell>
                <TableCell>{t('ingredient-parser.debug.confidence')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([label, value, conf]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row">{label}</TableCell>
                  <TableCell dir="auto" sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                  <TableCell>
                    <ConfidenceChip value={conf} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box component="details" sx={{ marginBlockStart: 2 }}>
          <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
            {t('ingredient-parser.debug.raw')}
          </Box>
          <Box component="pre" dir="ltr" sx={{ overflowX: 'auto', fontSize: 12, padding: 1, borderRadius: 1, bgcolor: 'action.hover', textAlign: 'start' }}>
            {JSON.stringify(parsed, null, 2)}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/** /admin/debug/parser: one line through a parser (nlp, brute, or OpenAI when the server has it), field by field. */
export default function DebugParserPage() {
  const { t } = useTranslation();
  const { data: about } = useAbout();
  const [parser, setPreferred] = useParserPreference();
  const [line, setLine] = useState(EXAMPLES[0]);
  const parse = useParseIngredients();

  const run = (text: string, using: RegisteredParser) => {
    if (text.trim()) parse.mutate({ parser: using, lines: [text.trim()] });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    run(line, parser);
  };
  const result = parse.data?.[0];

  return (
    <Page title={t('ingredient-parser.debug.title')} subtitle={t('ingredient-parser.debug.subtitle')} icon={<TextSnippetIcon fontSize="large" />} maxWidth={900}>
      <Paper sx={{ padding: { xs: 2, sm: 3 }, marginBlockEnd: 2 }}>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <TextField
            select
            label={t('ingredient-parser.parser')}
            value={parser}
            onChange={(e) => setPreferred(e.target.value as RegisteredParser)}
            sx={{ width: { xs: '100%', sm: 280 } }}
          >
            {PARSERS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`ingredient-parser.parsers.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          {parser === 'openai' && !about?.enableOpenai && (
            <Alert severity="info" sx={{ marginBlockStart: 1 }}>
              {t('ingredient-parser.debug.openai-off')}
            </Alert>
          )}
          <TextField label={t('ingredient-parser.debug.line')} value={line} onChange={(e) => setLine(e.target.value)} slotProps={{ htmlInput: { dir: 'auto' } }} />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', marginBlock: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('ingredient-parser.debug.examples')}
            </Typography>
            {EXAMPLES.map((example) => (
              <Chip
                key={example}
                label={<bdi>{example}</bdi>}
                size="small"
                onClick={() => {
                  setLine(example);
                  run(example, parser);
                }}
              />
            ))}
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={parse.isPending} disabled={!line.trim()}>
              {t('ingredient-parser.debug.parse')}
            </Button>
          </Stack>
        </Box>
        {parse.isPending && <LinearProgress sx={{ marginBlockStart: 2 }} aria-label={t('ingredient-parser.parsing')} />}
        {parse.isError && (
          <Alert severity="error" sx={{ marginBlockStart: 2 }}>
            {t('ingredient-parser.failed', { message: parse.error.message })}
          </Alert>
        )}
      </Paper>
      {result && !parse.isPending && <Result parsed={result} />}
    </Page>
  );
}
