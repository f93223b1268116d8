import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import PrintIcon from '@mui/icons-material/Print';
import TuneIcon from '@mui/icons-material/Tune';
import { errorStatus, useSharedRecipe } from '../../api/hooks/search';
import { APP_NAME } from '../../app/constants';
import PageSkeleton from '../../components/PageSkeleton';
import PrintPreferencesDialog from '../../components/recipe/PrintPreferencesDialog';
import RecipePrintView from '../../components/recipe/RecipePrintView';
import { loadPrintPreferences } from '../../lib/recipe/printPreferences';
import ErrorView from '../error/ErrorView';

/** An expired, unknown or malformed token: the server answers 404 (or 400/422 for a malformed id). */
const GONE = new Set([400, 404, 410, 422]);

/**
 * /g/{groupSlug}/shared/r/{tokenId}: a shared recipe, readable signed out (GET /api/recipes/shared/{tokenId}),
 * shown read-only as the print view, with Print and the print preferences (what visitors may use, spec §2).
 * An expired or unknown link shows the 'not found' view.
 */
export default function SharedRecipePage() {
  const { t } = useTranslation();
  const { tokenId = '' } = useParams();
  const recipe = useSharedRecipe(tokenId);
  const [preferences, setPreferences] = useState(loadPrintPreferences);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (recipe.data) document.title = `${recipe.data.name} | ${APP_NAME}`;
  }, [recipe.data]);

  if (recipe.isPending) return <PageSkeleton kind="recipe" />;
  if (recipe.isError) return <ErrorView notFound={GONE.has(errorStatus(recipe.error) ?? 0)} />;

  return (
    <Box sx={{ maxWidth: 1000, marginInline: 'auto', paddingInline: { xs: 1, sm: 3 }, paddingBlock: { xs: 2, sm: 3 } }}>
      {/* Printing shows the recipe alone: no app bar, no buttons, no card frame. */}
      <GlobalStyles
        styles={{
          '@media print': {
            '.MuiAppBar-root, .hearth-no-print': { display: 'none !important' },
            '.hearth-shared-sheet': { boxShadow: 'none !important', border: 'none !important', padding: '0 !important' },
          },
        }}
      />
      <Box className="hearth-no-print" sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, marginBlockEnd: 1.5, flexWrap: 'wrap' }}>
        <Button startIcon={<TuneIcon />} onClick={() => setEditing(true)}>
          {t('discover.shared.print-preferences')}
        </Button>
        <Button startIcon={<PrintIcon />} variant="contained" onClick={() => window.print()}>
          {t('discover.shared.print')}
        </Button>
      </Box>
      <Paper className="hearth-shared-sheet" variant="outlined" sx={{ padding: { xs: 2, sm: 4 } }}>
        <RecipePrintView recipe={recipe.data} preferences={preferences} />
      </Paper>
      <PrintPreferencesDialog open={editing} recipe={recipe.data} onClose={() => setEditing(false)} onSaved={setPreferences} />
    </Box>
  );
}
