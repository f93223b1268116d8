import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { JsonCheck } from '../../../lib/recipe/recipeForm';

/** EDIT mode, JSON sub-mode: the whole recipe object as JSON, checked as it is typed. */
export default function RecipeJsonEditor({ text, check, onChange }: { text: string; check: JsonCheck; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ padding: { xs: 1.5, sm: 2.5 } }}>
      {!check.ok && (
        <Alert severity="error" sx={{ marginBlockEnd: 1 }} role="alert">
          {t(`recipe-ui.json.${check.problem}`, { detail: check.detail })}
        </Alert>
      )}
      <TextField
        multiline
        minRows={20}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        label={t('recipe-ui.json.label')}
        error={!check.ok}
        slotProps={{
          htmlInput: { spellCheck: false, dir: 'ltr', 'data-testid': 'recipe-json' },
          input: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85rem' } },
        }}
      />
    </Paper>
  );
}
