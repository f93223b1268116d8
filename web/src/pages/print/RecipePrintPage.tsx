import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import TuneIcon from '@mui/icons-material/Tune';
import { apiStatus, useRecipe } from '../../api/hooks/recipes';
import { APP_NAME } from '../../app/constants';
import PageSkeleton from '../../components/PageSkeleton';
import RecipePrintPortal from '../../components/recipe/RecipePrintPortal';
import RecipePrintView from '../../components/recipe/RecipePrintView';
import { RecipeImagesProvider } from '../../components/recipe/images/RecipeImagesContext';
import { useRecipeViewer } from '../../components/recipe/useRecipeViewer';
import { flipInRtl } from '../../lib/rtl';
import { recipePath } from '../../lib/recipe/paths';
import { loadPrintPreferences, type PrintPreferences } from '../../lib/recipe/printPreferences';
import { clampScale } from '../../lib/recipe/scale';
import ErrorView from '../error/ErrorView';

const PrintPreferencesDialog = lazy(() => import('../../components/recipe/PrintPreferencesDialog'));

/** /g/{groupSlug}/r/{slug}/print: the print view on screen, with Back, Print preferences and Print; ?print=1 prints at once. */
export default function RecipePrintPage() {
  const { t } = useTranslation();
  const { groupSlug: routeGroup, slug = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useRecipeViewer(routeGroup);
  const recipe = useRecipe(slug, viewer.groupSlug, viewer.own, !viewer.loading);
  const [chosen, setPreferences] = useState<PrintPreferences | null>(null);
  const [dialog, setDialog] = useState(false);
  const printed = useRef(false);
  const scale = clampScale(Number(params.get('scale') ?? '1'));
  // Until the dialog saves a choice, the stored preferences as this recipe's own settings shape them.
  const preferences = chosen ?? loadPrintPreferences(recipe.data);

  useEffect(() => {
    if (recipe.data) document.title = `${recipe.data.name} | ${APP_NAME}`;
    if (recipe.data && params.get('print') === '1' && !printed.current) {
      printed.current = true;
      // After the picture and fonts had a moment to arrive.
      const timer = window.setTimeout(() => window.print(), 300);
      return () => window.clearTimeout(timer);
    }
  }, [recipe.data, params]);

  if (recipe.isPending) return <PageSkeleton kind="recipe" />;
  if (!recipe.data) return <ErrorView notFound={apiStatus(recipe.error) === 404 || apiStatus(recipe.error) === 403} />;

  return (
    <RecipeImagesProvider slug={recipe.data.slug} enabled={viewer.own}>
      <Box sx={{ flex: 1, overflowY: 'auto', bgcolor: 'background.paper' }}>
        <Box sx={{ maxWidth: 900, marginInline: 'auto', padding: { xs: 2, sm: 4 } }}>
          <Stack direction="row" className="hearth-no-print" sx={{ gap: 1, flexWrap: 'wrap', marginBlockEnd: 3 }}>
            <Button startIcon={<ArrowBackIcon sx={flipInRtl} />} onClick={() => navigate(recipePath(routeGroup, slug))}>
              {t('recipe-ui.print.back')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button startIcon={<TuneIcon />} onClick={() => setDialog(true)}>
              {t('recipe-ui.print.preferences')}
            </Button>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('recipe-ui.menu.print')}
            </Button>
          </Stack>
          <RecipePrintView recipe={recipe.data} preferences={preferences} scale={scale} />
        </Box>
        <RecipePrintPortal recipe={recipe.data} preferences={preferences} scale={scale} />
        <Suspense fallback={null}>
          {dialog && <PrintPreferencesDialog open recipe={recipe.data} onClose={() => setDialog(false)} onSaved={setPreferences} />}
        </Suspense>
      </Box>
    </RecipeImagesProvider>
  );
}
