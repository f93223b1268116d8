import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/hooks/auth';
import { RecipeImagesProvider } from '../../components/recipe/images/RecipeImagesContext';
import { apiStatus, useOtherHouseholdLocksEdits, useRecipe } from '../../api/hooks/recipes';
import { APP_NAME } from '../../app/constants';
import { loginPath } from '../../app/guards';
import PageSkeleton from '../../components/PageSkeleton';
import RecipePrintPortal from '../../components/recipe/RecipePrintPortal';
import { useRecipeViewer } from '../../components/recipe/useRecipeViewer';
import { canEditRecipe } from '../../lib/recipe/permissions';
import { loadPrintPreferences } from '../../lib/recipe/printPreferences';
import { clampScale } from '../../lib/recipe/scale';
import { rememberOpened } from '../../api/offlineLibrary';
import ErrorView from '../error/ErrorView';
import RecipeView from './RecipeView';

const RecipeEditor = lazy(() => import('./RecipeEditor'));
const CookMode = lazy(() => import('./CookMode'));

export type PageMode = 'view' | 'edit' | 'cook';

/** /g/{groupSlug}/r/{slug} and /r/{slug}: the recipe in VIEW, EDIT (FORM or JSON) or COOK mode. */
export default function RecipePage() {
  const { groupSlug: routeGroup, slug = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { loading: userLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const viewer = useRecipeViewer(routeGroup);
  const recipe = useRecipe(slug, viewer.groupSlug, viewer.own, !viewer.loading);
  const data = recipe.data;
  const locks = useOtherHouseholdLocksEdits(data?.householdId ?? null, viewer.user?.householdId ?? null);
  const canEdit = Boolean(data && viewer.own && canEditRecipe(viewer.user, data, locks));
  const wantsEdit = params.get('edit') === 'true';
  const [mode, setMode] = useState<PageMode>('view');
  const [scale, setScaleState] = useState(1);
  const setScale = useCallback((next: number) => setScaleState(clampScale(next)), []);

  // ?edit=true opens edit mode once the recipe is known to be editable; once per appearance of the
  // parameter, so leaving edit mode (which removes it a moment later) does not bounce back.
  const editApplied = useRef(false);
  useEffect(() => {
    if (!wantsEdit) {
      editApplied.current = false;
      return;
    }
    if (editApplied.current || !data) return;
    editApplied.current = true;
    if (canEdit) setMode('edit');
    else setParams((p) => (p.delete('edit'), p), { replace: true });
  }, [wantsEdit, canEdit, data, setParams]);

  useEffect(() => {
    if (data) document.title = `${data.name} | ${APP_NAME}`;
  }, [data]);
  // The recently opened recipes are kept in the offline library (issue 41).
  const opened = viewer.own ? data?.slug : undefined;
  useEffect(() => {
    if (opened) rememberOpened(opened);
  }, [opened]);

  const enterEdit = useCallback(() => {
    setMode('edit');
    setParams((p) => (p.set('edit', 'true'), p), { replace: true });
  }, [setParams]);

  const leaveEdit = useCallback(
    (newSlug?: string) => {
      setMode('view');
      if (newSlug && newSlug !== slug) {
        const base = routeGroup ? `/g/${encodeURIComponent(routeGroup)}/r/` : '/r/';
        navigate(base + encodeURIComponent(newSlug), { replace: true });
      } else {
        setParams((p) => (p.delete('edit'), p), { replace: true });
      }
    },
    [navigate, routeGroup, setParams, slug],
  );

  if (recipe.isPending) return <PageSkeleton kind="recipe" />;
  const hidden = apiStatus(recipe.error) === 404 || apiStatus(recipe.error) === 403;
  // A signed-out family member following a link to a recipe that is not public signs in and comes back.
  if (!data && hidden && !viewer.user && !userLoading) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (!data) return <ErrorView notFound={apiStatus(recipe.error) === 404 || apiStatus(recipe.error) === 403} />;

  // Gallery and step images for the page, cook mode and the print view (issue 41).
  const withImages = (node: ReactNode) => (
    <RecipeImagesProvider slug={data.slug} enabled={viewer.own}>
      {node}
    </RecipeImagesProvider>
  );

  if (mode === 'edit' && canEdit) {
    return (
      <Suspense fallback={<PageSkeleton kind="recipe" />}>
        <RecipeEditor key={data.id} recipe={data} isOwner={Boolean(viewer.user && data.userId === viewer.user.id)} onDone={leaveEdit} />
      </Suspense>
    );
  }
  if (mode === 'cook') {
    return withImages(
      <Suspense fallback={<PageSkeleton kind="recipe" />}>
        <CookMode recipe={data} scale={scale} onExit={() => setMode('view')} />
      </Suspense>,
    );
  }

  return withImages(
    <>
      <RecipeView
        recipe={data}
        viewer={viewer}
        canEdit={canEdit}
        scale={scale}
        onScale={setScale}
        onEdit={enterEdit}
        onCook={() => setMode('cook')}
        onDeleted={() => navigate(viewer.groupSlug ? `/g/${encodeURIComponent(viewer.groupSlug)}` : '/', { replace: true })}
      />
      {/* Ctrl+P on the recipe page prints the print view. */}
      <RecipePrintPortal recipe={data} preferences={loadPrintPreferences(data)} scale={scale} />
    </>,
  );
}
