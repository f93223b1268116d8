import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LabelIcon from '@mui/icons-material/Label';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useFoodSearch, useItemChanges, useShoppingList, useShoppingListMutations } from '../../api/hooks/shopping';
import type { LabelSettingOut, ShoppingItemOut } from '../../api/shopping';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';
import PageSkeleton from '../../components/PageSkeleton';
import { toast } from '../../components/toast/toastStore';
import NotFoundPage from '../error/NotFoundPage';
import { setShoppingPrefs, useShoppingPrefs } from '../../lib/shoppingPrefs';
import QueueStatus from '../../components/QueueStatus';
import ItemEditDialog, { type ItemEdit } from './ItemEditDialog';
import ItemRow, { itemText } from './ItemRow';
import LabelOrderDialog from './LabelOrderDialog';

type Food = NonNullable<ShoppingItemOut['food']>;

/** Unchecked items grouped by label in the list's label order; items without a label come last. */
function groupByLabel(items: ShoppingItemOut[], settings: LabelSettingOut[]) {
  const order = new Map(settings.map((s, index) => [s.labelId, index]));
  const groups = new Map<string, ShoppingItemOut[]>();
  for (const item of items) {
    const key = item.labelId && order.has(item.labelId) ? item.labelId : '';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : order.get(a)! - order.get(b)!));
}

/** A shopping list: tick items off (live between devices, queued offline), edit them, group by label. */
export default function ShoppingListPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const prefs = useShoppingPrefs();
  const { data: list, isPending, error } = useShoppingList(id);
  const changes = useItemChanges(list);
  const mutations = useShoppingListMutations();
  const [editing, setEditing] = useState<ShoppingItemOut | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [showChecked, setShowChecked] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Food | null>(null);
  const foods = useFoodSearch(text, text.trim().length > 1);

  const items = useMemo(() => [...(list?.listItems ?? [])].sort((a, b) => a.position - b.position), [list]);
  const unchecked = items.filter((item) => !item.checked);
  const checked = items.filter((item) => item.checked);
  const recipeNames = useMemo(() => new Map((list?.recipeReferences ?? []).map((ref) => [ref.recipeId, ref.recipe.name])), [list]);

  const toggle = useCallback(
    (item: ShoppingItemOut) => changes.update([{ id: item.id, shoppingListId: item.shoppingListId, checked: !item.checked, updatedAt: item.updatedAt }]),
    [changes],
  );
  const onEdit = useCallback((item: ShoppingItemOut) => setEditing(item), []);

  if (isPending) return <PageSkeleton kind="list" />;
  if (!list) return error && (error as { status?: number }).status === 404 ? <NotFoundPage /> : <PageSkeleton kind="list" />;

  const add = (e: FormEvent) => {
    e.preventDefault();
    const note = text.trim();
    if (!note && !picked) return;
    const food = picked && picked.name.toLowerCase() === note.toLowerCase() ? picked : null;
    changes.create([
      {
        id: crypto.randomUUID(),
        shoppingListId: list.id,
        quantity: 1,
        note: food ? '' : note,
        foodId: food?.id ?? null,
        food: food ?? undefined,
        labelId: food?.labelId ?? null,
        label: food?.label ?? undefined,
        position: items.length ? Math.max(...items.map((item) => item.position)) + 1 : 0,
        checked: false,
      },
    ]);
    setText('');
    setPicked(null);
  };

  const saveEdit = (item: ShoppingItemOut, edit: ItemEdit) => {
    changes.update([
      {
        id: item.id,
        shoppingListId: item.shoppingListId,
        updatedAt: item.updatedAt,
        quantity: edit.quantity,
        unitId: edit.unit?.id ?? null,
        unit: edit.unit,
        foodId: edit.food?.id ?? null,
        food: edit.food,
        note: edit.note,
        labelId: edit.label?.id ?? null,
        label: edit.label,
        display: undefined,
      } as Parameters<typeof changes.update>[0][number],
    ]);
    setEditing(null);
  };

  const copy = async () => {
    const lines = unchecked.map((item) => `- ${itemText(item)}`).join('\n');
    try {
      await navigator.clipboard.writeText(lines);
      toast.success(t('general.copied-to-clipboard'));
    } catch {
      toast.error(t('general.clipboard-copy-failure'));
    }
  };

  const renderItems = (rows: ShoppingItemOut[]) => (
    <Box component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {rows.map((item) => (
        <ItemRow key={item.id} item={item} onToggle={toggle} onEdit={onEdit} recipeNames={recipeNames} />
      ))}
    </Box>
  );

  const labelName = (labelId: string) => list.labelSettings.find((s) => s.labelId === labelId)?.label;

  return (
    <Page
      title={list.name || t('shopping-list.shopping-list')}
      icon={<ShoppingCartIcon fontSize="large" />}
      maxWidth={800}
      actions={
        <>
          <QueueStatus />
          <IconButton aria-label={t('shopping-list.copy-list')} onClick={() => void copy()} sx={{ width: 48, height: 48 }}>
            <ContentCopyIcon />
          </IconButton>
          <IconButton aria-label={t('shopping-list.label-order')} onClick={() => setOrdering(true)} sx={{ width: 48, height: 48 }}>
            <LabelIcon />
          </IconButton>
        </>
      }
    >
      <FormControlLabel
        control={<Switch checked={prefs.viewByLabel} onChange={(e) => setShoppingPrefs({ viewByLabel: e.target.checked })} />}
        label={t('shopping-list.view-by-label')}
        sx={{ minHeight: 44 }}
      />
      <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 1, marginBlock: 1 }}>
        <Autocomplete
          freeSolo
          sx={{ flex: 1 }}
          options={foods.data ?? []}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
          filterOptions={(options) => options}
          inputValue={text}
          onInputChange={(_, value) => setText(value)}
          onChange={(_, value) => setPicked(value && typeof value !== 'string' ? value : null)}
          renderInput={(params) => <TextField {...params} label={t('shopping-list.add-item')} placeholder={t('shopping-list.add-item-placeholder')} />}
        />
        <Button type="submit" variant="contained" aria-label={t('shopping-list.add-item')} sx={{ minWidth: 56, minHeight: 56 }}>
          <AddIcon />
        </Button>
      </Box>

      {items.length === 0 && <EmptyState icon={<ShoppingCartIcon />} title={t('shopping-list.empty-list')} />}

      <Box data-testid="unchecked-items">
        {prefs.viewByLabel
          ? groupByLabel(unchecked, list.labelSettings).map(([labelId, rows]) => {
              const label = labelId ? labelName(labelId) : null;
              return (
                <Box key={labelId || 'none'} component="section" sx={{ marginBlockEnd: 2 }}>
                  <Typography variant="subtitle2" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', paddingBlock: 0.5 }}>
                    {label && <Box component="span" aria-hidden sx={{ inlineSize: 10, blockSize: 10, borderRadius: '50%', backgroundColor: label.color }} />}
                    <bdi>{label?.name ?? t('shopping-list.no-label')}</bdi>
                  </Typography>
                  {renderItems(rows)}
                </Box>
              );
            })
          : renderItems(unchecked)}
      </Box>

      {checked.length > 0 && (
        <Box component="section" sx={{ marginBlockStart: 2 }} data-testid="checked-items">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button onClick={() => setShowChecked((v) => !v)} endIcon={showChecked ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={showChecked} sx={{ minHeight: 44 }}>
              {t('shopping-list.checked-items', { count: checked.length })}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button onClick={() => changes.update(checked.map((item) => ({ id: item.id, shoppingListId: item.shoppingListId, checked: false, updatedAt: item.updatedAt })))} sx={{ minHeight: 44 }}>
              {t('shopping-list.uncheck-all-items')}
            </Button>
            <Button color="error" startIcon={<DeleteSweepIcon />} onClick={() => changes.remove(checked.map((item) => item.id))} sx={{ minHeight: 44 }}>
              {t('shopping-list.delete-checked')}
            </Button>
          </Stack>
          <Collapse in={showChecked}>{renderItems(checked)}</Collapse>
        </Box>
      )}

      {list.recipeReferences.length > 0 && (
        <Box component="section" sx={{ marginBlockStart: 3 }}>
          <Typography variant="h6" component="h2">
            {t('shopping-list.recipes')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.recipeReferences.map((ref) => (
              <Box component="li" key={ref.id} sx={{ display: 'flex', alignItems: 'center', minHeight: 48 }}>
                <Typography sx={{ flex: 1 }}>
                  <bdi>{ref.recipe.name}</bdi> × {ref.recipeQuantity}
                </Typography>
                <IconButton
                  aria-label={t('shopping-list.remove-recipe', { name: ref.recipe.name })}
                  onClick={() => mutations.removeRecipe.mutate({ id: list.id, recipeId: ref.recipeId })}
                  sx={{ width: 48, height: 48 }}
                >
                  <RemoveCircleOutlineIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
        </Box>
      )}

      {editing && (
        <ItemEditDialog
          item={editing}
          onClose={() => setEditing(null)}
          onSave={(edit) => saveEdit(editing, edit)}
          onDelete={() => {
            changes.remove([editing.id]);
            setEditing(null);
          }}
        />
      )}
      {ordering && (
        <LabelOrderDialog
          settings={list.labelSettings}
          saving={mutations.labelOrder.isPending}
          onClose={() => setOrdering(false)}
          onSave={(ordered) =>
            mutations.labelOrder.mutate(
              { id: list.id, settings: ordered.map((s) => ({ id: s.id, labelId: s.labelId, shoppingListId: s.shoppingListId, position: s.position })) },
              { onSuccess: () => setOrdering(false) },
            )
          }
        />
      )}
    </Page>
  );
}
