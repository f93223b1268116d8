import { useMemo, useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { unwrap } from '../../api/client';
import { useCurrentUser } from '../../api/hooks/auth';
import { useShoppingListMutations, useShoppingLists } from '../../api/hooks/shopping';
import { shoppingApi, type ShoppingListSummary } from '../../api/shopping';
import { setShoppingPrefs, useShoppingPrefs } from '../../lib/shoppingPrefs';
import { toast } from '../toast/toastStore';
import { entriesToSend, initialTicks, mergeRequests, planRecipe, type PlannedRecipe, type RecipeRequest } from './ingredientPlan';

/** The ingredient as a line of text (a recipe with amounts disabled has an empty display for food lines). */
/** useQueries' combine: each query's data, in order. */
function dataOfEach<T>(results: UseQueryResult<T>[]): (T | undefined)[] {
  return results.map((result) => result.data);
}

function ingredientText(ingredient: PlannedRecipe['sections'][number]['ingredients'][number]['ingredient']): string {
  if (ingredient.display.trim()) return ingredient.display;
  return [ingredient.quantity ? String(ingredient.quantity) : '', ingredient.unit?.name, ingredient.food?.name, ingredient.note].filter(Boolean).join(' ');
}

/**
 * "Add to shopping list" (spec §2, §5): pick a list, then tick ingredients grouped per recipe and section.
 * With exactly one visible list it opens on the ingredient step unless Show All is on.
 */
export default function AddToShoppingListDialog({ recipes, onClose }: { recipes: RecipeRequest[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const prefs = useShoppingPrefs();
  const lists = useShoppingLists();
  const { addRecipes, create } = useShoppingListMutations();
  const [newName, setNewName] = useState('');
  const requests = useMemo(() => mergeRequests(recipes), [recipes]);
  // Combined by a module-level function: the array is kept (structurally shared) while no recipe changes.
  const recipeData = useQueries({
    queries: requests.map((request) => ({ queryKey: ['shopping', 'recipe', request.slug], queryFn: () => unwrap(shoppingApi.recipe(request.slug)) })),
    combine: dataOfEach,
  });
  const [chosen, setChosen] = useState<ShoppingListSummary | null>(null);
  const [ticks, setTicks] = useState<Set<string> | null>(null);

  const visible = (lists.data ?? []).filter((list) => prefs.viewAllLists || list.userId === user?.id);
  const list = chosen ?? (visible.length === 1 && !prefs.viewAllLists ? visible[0] : null);
  const loaded = recipeData.every((data) => data);
  const plans = useMemo<PlannedRecipe[]>(
    () => (loaded ? recipeData.flatMap((data, index) => planRecipe(data!, requests[index].scale) ?? []) : []),
    [loaded, recipeData, requests],
  );
  const ticked = ticks ?? initialTicks(plans);
  const allKeys = plans.flatMap((plan) => plan.sections.flatMap((section) => section.ingredients.map((i) => i.key)));

  const toggle = (key: string) => {
    const next = new Set(ticked);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setTicks(next);
  };
  const submit = () => {
    if (!list) return;
    const entries = entriesToSend(plans, ticked);
    if (entries.length === 0) return onClose();
    addRecipes.mutate(
      { id: list.id, entries },
      {
        onSuccess: () => {
          toast.success(t('shopping-list.success'));
          onClose();
        },
        onError: () => toast.error(t('shopping-list.failure')),
      },
    );
  };

  const titleId = 'add-to-list-title';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={false} slotProps={{ paper: { sx: { width: { xs: 'calc(100% - 32px)', sm: '70%' }, margin: { xs: 2, sm: 4 } } } }}>
      <DialogTitle id={titleId}>{list ? <bdi>{list.name}</bdi> : t('shopping-list.choose-list')}</DialogTitle>
      {!list ? (
        <DialogContent sx={{ maxHeight: '70vh', overflowY: 'auto' }}>
          <FormControlLabel control={<Switch checked={prefs.viewAllLists} onChange={(e) => setShoppingPrefs({ viewAllLists: e.target.checked })} />} label={t('shopping-list.show-all')} sx={{ minHeight: 44 }} />
          {lists.isPending ? (
            <CircularProgress aria-label={t('general.loading')} />
          ) : visible.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('shopping-list.no-shopping-lists-found')}</Typography>
          ) : (
            <List>
              {visible.map((option) => (
                <ListItemButton key={option.id} onClick={() => setChosen(option)} sx={{ minHeight: 48 }}>
                  <ListItemText primary={<bdi>{option.name}</bdi>} />
                </ListItemButton>
              ))}
            </List>
          )}
          {!lists.isPending && (
            // No list yet (or not the right one): make one here and go on with it.
            <Stack
              component="form"
              direction="row"
              sx={{ gap: 1, marginBlockStart: 2, alignItems: 'flex-start' }}
              onSubmit={(e) => {
                e.preventDefault();
                if (!newName.trim()) return;
                create.mutate(newName.trim(), { onSuccess: (created) => setChosen(created as unknown as ShoppingListSummary), onError: () => toast.error(t('shopping-list.failure')) });
              }}
            >
              <TextField size="small" label={t('shopping-list.list-name')} value={newName} onChange={(e) => setNewName(e.target.value)} autoFocus={visible.length === 0} sx={{ flex: 1 }} />
              <Button type="submit" variant={visible.length === 0 ? 'contained' : 'outlined'} startIcon={<AddIcon />} loading={create.isPending} disabled={!newName.trim()} sx={{ minHeight: 44 }}>
                {t('shopping-list.new-list')}
              </Button>
            </Stack>
          )}
        </DialogContent>
      ) : (
        <DialogContent dividers sx={{ maxHeight: '70vh', overflowY: 'auto' }} data-testid="ingredient-step">
          <Stack direction="row" sx={{ gap: 1, marginBlockEnd: 1, flexWrap: 'wrap' }}>
            <Button onClick={() => setTicks(new Set(allKeys))} sx={{ minHeight: 44 }}>
              {t('shopping-list.check-all')}
            </Button>
            <Button onClick={() => setTicks(new Set())} sx={{ minHeight: 44 }}>
              {t('shopping-list.uncheck-all')}
            </Button>
          </Stack>
          {!loaded && <CircularProgress aria-label={t('general.loading')} />}
          {plans.map((plan) => (
            <Box key={plan.recipe.id} component="section" sx={{ marginBlockEnd: 2 }}>
              <Typography variant="h6" component="h3">
                <bdi>{plan.recipe.name}</bdi>
                {plan.scale !== 1 && ` × ${plan.scale}`}
              </Typography>
              {plan.sections.map((section, index) => (
                <Box key={index}>
                  {section.title && (
                    <Typography variant="subtitle2" component="h4" sx={{ color: 'text.secondary', marginBlockStart: 1 }}>
                      <bdi>{section.title}</bdi>
                    </Typography>
                  )}
                  {section.ingredients.map((planned) => (
                    <FormControlLabel
                      key={planned.key}
                      sx={{ display: 'flex', minHeight: 44, marginInlineStart: 0 }}
                      control={<Checkbox checked={ticked.has(planned.key)} onChange={() => toggle(planned.key)} />}
                      label={
                        <span>
                          <bdi>{ingredientText(planned.ingredient)}</bdi>
                          {planned.onHand && (
                            <Typography component="span" variant="caption" sx={{ color: 'text.secondary', marginInlineStart: 1 }}>
                              ({t('shopping-list.on-hand')})
                            </Typography>
                          )}
                        </span>
                      }
                    />
                  ))}
                </Box>
              ))}
            </Box>
          ))}
          {loaded && plans.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('shopping-list.no-ingredients')}</Typography>}
        </DialogContent>
      )}
      <DialogActions>
        {list && chosen && (
          <Button onClick={() => setChosen(null)} sx={{ marginInlineEnd: 'auto' }}>
            {t('shopping-list.back')}
          </Button>
        )}
        <Button onClick={onClose}>{t('general.cancel')}</Button>
        {list && (
          <Button variant="contained" onClick={submit} loading={addRecipes.isPending} disabled={!loaded || ticked.size === 0}>
            {t('shopping-list.add')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
