import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BoltIcon from '@mui/icons-material/Bolt';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PrintIcon from '@mui/icons-material/Print';
import ShareIcon from '@mui/icons-material/Share';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import TuneIcon from '@mui/icons-material/Tune';
import { detailMessage } from '../../api/client';
import { downloadRecipe, useDeleteRecipe, useRecipeActions, useTriggerRecipeAction } from '../../api/hooks/recipes';
import { ocrRecipePath, photoAssets } from '../../lib/recipe/ocr';
import { recipePath, recipePrintPath } from '../../lib/recipe/paths';
import { actionValues, recipeActionUrl } from '../../lib/recipe/scale';
import type { RecipeAction, RecipeOut, RecipeSummary } from '../../lib/recipe/types';
import ConfirmDialog from '../ConfirmDialog';
import { toast } from '../toast/toastStore';

const DuplicateRecipeDialog = lazy(() => import('./DuplicateRecipeDialog'));
const ShareRecipeDialog = lazy(() => import('./ShareRecipeDialog'));
const PrintPreferencesDialog = lazy(() => import('./PrintPreferencesDialog'));
const AddToShoppingListDialog = lazy(() => import('../shopping/AddToShoppingListDialog'));
const AddToMealPlanDialog = lazy(() => import('./AddToMealPlanDialog'));

type MenuRecipe = Pick<RecipeSummary, 'id' | 'slug' | 'name' | 'recipeServings' | 'recipeYieldQuantity' | 'recipeYield'>;

interface RecipeMenuProps {
  recipe: MenuRecipe;
  /** The whole recipe (the page has it): print preferences preview it. */
  fullRecipe?: RecipeOut;
  /** 'card': download, meal planner, shopping list, share. 'page': the whole context menu (spec §2). */
  variant: 'card' | 'page';
  groupSlug: string | null;
  /** In the user's own group; visitors get print and print preferences only. */
  own: boolean;
  canEdit?: boolean;
  scale?: number;
  onEdit?: () => void;
  onDeleted?: () => void;
}

function serverSaidWhy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'body' in error && Boolean(detailMessage((error as { body: unknown }).body));
}

type DialogName = 'delete' | 'duplicate' | 'share' | 'print-preferences' | 'mealplan' | 'shopping' | null;

/** The recipe's three-dot menu and its dialogs. */
export default function RecipeMenu(props: RecipeMenuProps) {
  const { recipe, fullRecipe, variant, groupSlug, own, canEdit = false, scale = 1, onEdit, onDeleted } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  const remove = useDeleteRecipe();
  const trigger = useTriggerRecipeAction();
  const page = variant === 'page';
  const { data: actions = [] } = useRecipeActions(page && own && Boolean(anchor));

  if (!own && !page) return null;

  const close = () => setAnchor(null);
  const run = (fn: () => void) => () => {
    close();
    fn();
  };

  const runAction = (action: RecipeAction) => {
    if (action.actionType === 'link') {
      const pageUrl = window.location.origin + recipePath(groupSlug, recipe.slug);
      window.open(recipeActionUrl(action.url, recipe, scale, pageUrl), '_blank', 'noopener');
      return;
    }
    trigger.mutate(
      { id: action.id, slug: recipe.slug, scaledAmount: actionValues(recipe, scale).servings },
      { onSuccess: (ok) => (ok ? toast.success(t('recipe-ui.actions.sent')) : toast.error(t('recipe-ui.actions.failed'))) },
    );
  };

  const onDelete = () =>
    remove.mutate(recipe.slug, {
      onSuccess: () => {
        setDialog(null);
        toast.success(t('recipe-ui.delete.done', { name: recipe.name }));
        onDeleted?.();
      },
      // The server's own message is already shown (api/client.ts); otherwise the catalogue's.
      onError: (error) => {
        if (!serverSaidWhy(error)) toast.error(t('recipe-ui.delete.failed'));
      },
    });

  const item = (key: string, icon: ReactNode, label: string, onClick: () => void) => (
    <MenuItem key={key} onClick={run(onClick)}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  const items: ReactNode[] = [];
  if (own) {
    if (page && canEdit && onEdit) items.push(item('edit', <EditIcon />, t('general.edit'), onEdit));
    if (page && canEdit && groupSlug && fullRecipe && photoAssets(fullRecipe.assets).length > 0) {
      items.push(item('ocr', <DocumentScannerIcon />, t('ocr.open-editor'), () => navigate(ocrRecipePath(groupSlug, recipe.slug))));
    }
    if (page && canEdit) items.push(item('delete', <DeleteIcon color="error" />, t('general.delete'), () => setDialog('delete')));
    items.push(item('download', <DownloadIcon />, t('recipe-ui.menu.download'), () => void downloadRecipe(recipe.slug)));
    if (page) items.push(item('duplicate', <ContentCopyIcon />, t('recipe-ui.menu.duplicate'), () => setDialog('duplicate')));
    items.push(item('mealplan', <CalendarMonthIcon />, t('recipe-ui.menu.add-to-mealplan'), () => setDialog('mealplan')));
    items.push(item('shopping', <ShoppingCartIcon />, t('recipe-ui.menu.add-to-shopping-list'), () => setDialog('shopping')));
  }
  if (page) {
    items.push(item('print', <PrintIcon />, t('recipe-ui.menu.print'), () => navigate(recipePrintPath(groupSlug, recipe.slug, true, scale))));
    if (fullRecipe) items.push(item('print-preferences', <TuneIcon />, t('recipe-ui.print.preferences'), () => setDialog('print-preferences')));
  }
  if (own) items.push(item('share', <ShareIcon />, t('recipe-ui.menu.share'), () => setDialog('share')));
  if (page && own && actions.length > 0) {
    items.push(<Divider key="actions-divider" />);
    for (const action of actions) {
      items.push(item(`action-${action.id}`, action.actionType === 'link' ? <LinkIcon /> : <BoltIcon />, action.title, () => runAction(action)));
    }
  }

  return (
    <>
      <IconButton
        size={page ? 'medium' : 'small'}
        aria-label={t('recipe-ui.menu.label', { name: recipe.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize={page ? 'medium' : 'small'} />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {items}
      </Menu>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('recipe-ui.delete.title')}
        confirmLabel={t('general.delete')}
        loading={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setDialog(null)}
      >
        {t('general.confirm-delete-named', { name: recipe.name })}
      </ConfirmDialog>
      <Suspense fallback={null}>
        {dialog === 'duplicate' && (
          <DuplicateRecipeDialog open slug={recipe.slug} name={recipe.name} groupSlug={groupSlug} onClose={() => setDialog(null)} />
        )}
        {dialog === 'share' && groupSlug && (
          <ShareRecipeDialog open recipeId={recipe.id} recipeName={recipe.name} groupSlug={groupSlug} onClose={() => setDialog(null)} />
        )}
        {dialog === 'print-preferences' && fullRecipe && <PrintPreferencesDialog open recipe={fullRecipe} onClose={() => setDialog(null)} />}
        {dialog === 'mealplan' && <AddToMealPlanDialog recipeId={recipe.id} recipeName={recipe.name} onClose={() => setDialog(null)} />}
        {dialog === 'shopping' && <AddToShoppingListDialog recipes={[{ slug: recipe.slug, scale }]} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
