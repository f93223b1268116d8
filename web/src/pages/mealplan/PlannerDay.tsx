import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CasinoIcon from '@mui/icons-material/Casino';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import { PLAN_ENTRY_TYPES, type PlanEntryType } from '../../../../contract/mealplan-dates';
import type { ReadPlanEntry } from '../../api/mealplans';
import RecipeImage from '../../components/recipe/RecipeImage';
import { recipePath } from '../../lib/recipe/paths';

export interface EntryActions {
  onAdd: (date: string, entryType: PlanEntryType) => void;
  onRandom: (date: string, entryType: PlanEntryType) => void;
  onEdit: (entry: ReadPlanEntry) => void;
  onMove: (entry: ReadPlanEntry) => void;
  onDelete: (entry: ReadPlanEntry) => void;
}

/** The id of a drop target: the day and meal type it stands for (never a column position). */
export function slotId(date: string, entryType: PlanEntryType): string {
  return `slot:${date}:${entryType}`;
}

export function parseSlotId(id: string): { date: string; entryType: PlanEntryType } | null {
  const match = /^slot:(\d{4}-\d{2}-\d{2}):(breakfast|lunch|dinner|side)$/.exec(id);
  return match ? { date: match[1], entryType: match[2] as PlanEntryType } : null;
}

function entryName(entry: ReadPlanEntry, fallback: string): string {
  return entry.recipe?.name || entry.title || fallback;
}

function EntryMenu({ entry, name, actions }: { entry: ReadPlanEntry; name: string; actions: EntryActions }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (fn: (entry: ReadPlanEntry) => void) => () => {
    setAnchor(null);
    fn(entry);
  };
  return (
    <>
      <IconButton size="small" aria-label={t('meal-plan.meal-actions', { name })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} sx={{ minWidth: 44, minHeight: 44 }}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(actions.onEdit)}>
          <ListItemIcon><EditIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{t('meal-plan.edit-meal')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(actions.onMove)}>
          <ListItemIcon><OpenWithIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{t('meal-plan.move-to')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(actions.onDelete)}>
          <ListItemIcon><DeleteIcon fontSize="small" color="error" /></ListItemIcon>
          <ListItemText>{t('meal-plan.delete-meal')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** One planned meal: the recipe's picture and name (a link), or its title; its note. Draggable while editing. */
function EntryCard({ entry, groupSlug, editing, actions }: { entry: ReadPlanEntry; groupSlug: string | null; editing: boolean; actions: EntryActions }) {
  const { t } = useTranslation();
  const name = entryName(entry, t('meal-plan.untitled'));
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `entry:${entry.id}`, data: { entry }, disabled: !editing });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const text = (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      {entry.recipe ? (
        <Link component={RouterLink} to={recipePath(groupSlug, entry.recipe.slug)} variant="body2" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'break-word' }}>
          <bdi>{entry.recipe.name}</bdi>
        </Link>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
          <bdi>{name}</bdi>
        </Typography>
      )}
      {entry.recipe && entry.title && (
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'break-word' }}>
          <bdi>{entry.title}</bdi>
        </Typography>
      )}
      {entry.text && (
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
          <bdi>{entry.text}</bdi>
        </Typography>
      )}
    </Box>
  );
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid="mealplan-entry"
      data-entry-id={entry.id}
      data-date={entry.date}
      data-entry-type={entry.entryType}
      style={style}
      sx={{ padding: 0.5, opacity: isDragging ? 0.6 : 1, zIndex: isDragging ? 10 : undefined, position: 'relative', bgcolor: 'background.paper' }}
    >
      {editing ? (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Box
              component="button"
              type="button"
              aria-label={t('meal-plan.drag-meal', { name })}
              {...attributes}
              {...listeners}
              sx={{ border: 0, background: 'none', color: 'text.secondary', cursor: 'grab', touchAction: 'none', display: 'flex', alignItems: 'center', justifyContent: 'center', minWidth: 44, minHeight: 44, padding: 0 }}
            >
              <DragIndicatorIcon fontSize="small" />
            </Box>
            <EntryMenu entry={entry} name={name} actions={actions} />
          </Stack>
          <Box sx={{ paddingInline: 0.5, paddingBlockEnd: 0.5 }}>{text}</Box>
        </>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          {entry.recipe && (
            <Box sx={{ width: 48, height: 48, borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
              <RecipeImage recipeId={entry.recipe.id} image={entry.recipe.image} size="tiny-original" height={48} />
            </Box>
          )}
          {text}
        </Stack>
      )}
    </Paper>
  );
}

/** A meal type of a day: its entries; while editing, a drop target with add and random buttons. */
function MealSlot(props: { date: string; entryType: PlanEntryType; entries: ReadPlanEntry[]; groupSlug: string | null; editing: boolean; dayName: string; actions: EntryActions }) {
  const { date, entryType, entries, groupSlug, editing, dayName, actions } = props;
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: slotId(date, entryType), disabled: !editing });
  const meal = t(`meal-plan.${entryType}`);
  return (
    <Box
      ref={setNodeRef}
      data-testid="mealplan-slot"
      data-date={date}
      data-entry-type={entryType}
      sx={{
        borderRadius: 1,
        padding: editing ? 0.5 : 0,
        outline: isOver ? 2 : 0,
        outlineStyle: 'dashed',
        outlineColor: 'primary.main',
        bgcolor: isOver ? 'action.hover' : undefined,
        minHeight: editing ? 44 : undefined,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: editing ? 44 : 24 }}>
        <Typography variant="overline" sx={{ flex: '1 1 auto', color: 'text.secondary', lineHeight: 1.5 }}>
          {meal}
        </Typography>
        {editing && (
          <Stack direction="row" sx={{ marginInlineStart: 'auto' }}>
            <IconButton size="small" aria-label={t('meal-plan.random-meal-for', { meal, date: dayName })} onClick={() => actions.onRandom(date, entryType)} sx={{ minWidth: 44, minHeight: 44 }}>
              <CasinoIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('meal-plan.add-meal-to', { meal, date: dayName })} onClick={() => actions.onAdd(date, entryType)} sx={{ minWidth: 44, minHeight: 44 }}>
              <AddIcon fontSize="small" />
            </IconButton>
          </Stack>
        )}
      </Stack>
      <Stack sx={{ gap: 0.5 }}>
        {entries.map((entry) => (
          <EntryCard key={entry.id} entry={entry} groupSlug={groupSlug} editing={editing} actions={actions} />
        ))}
      </Stack>
    </Box>
  );
}

/** One day of the planner: its date, then its meals by type (all four while editing, the planned ones otherwise). */
export default function PlannerDay(props: {
  date: string;
  label: string;
  longLabel: string;
  isToday: boolean;
  entries: ReadPlanEntry[];
  groupSlug: string | null;
  editing: boolean;
  actions: EntryActions;
  footer?: ReactNode;
}) {
  const { date, label, longLabel, isToday, entries, groupSlug, editing, actions, footer } = props;
  const { t } = useTranslation();
  const types = editing ? PLAN_ENTRY_TYPES : PLAN_ENTRY_TYPES.filter((type) => entries.some((e) => e.entryType === type));
  return (
    <Paper
      component="section"
      aria-label={longLabel}
      data-testid="mealplan-day"
      data-date={date}
      variant="outlined"
      sx={{ padding: 1, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, borderColor: isToday ? 'primary.main' : undefined, borderWidth: isToday ? 2 : 1 }}
    >
      <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, color: isToday ? 'primary.main' : undefined }}>
        {label}
        {isToday && (
          <Typography component="span" variant="caption" sx={{ marginInlineStart: 1 }}>
            {t('meal-plan.today')}
          </Typography>
        )}
      </Typography>
      {types.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('meal-plan.nothing-planned')}
        </Typography>
      )}
      {types.map((type) => (
        <MealSlot key={type} date={date} entryType={type} entries={entries.filter((e) => e.entryType === type)} groupSlug={groupSlug} editing={editing} dayName={longLabel} actions={actions} />
      ))}
      {footer}
    </Paper>
  );
}
