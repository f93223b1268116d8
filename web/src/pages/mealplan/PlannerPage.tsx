import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DndContext, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { flipInRtl } from '../../lib/rtl';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RuleIcon from '@mui/icons-material/Rule';
import { addDays, dateRange, isCalendarDate, weekStart, type PlanEntryType } from '../../../../contract/mealplan-dates';
import { useCurrentUser } from '../../api/hooks/auth';
import { usePlanNutrition } from '../../api/hooks/cupboard';
import { useDeleteEntry, useFirstDayOfWeek, useMealplanRange, useRandomEntry, useUpdateEntry } from '../../api/hooks/mealplans';
import { mealplanApi, type ReadPlanEntry } from '../../api/mealplans';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import QueueStatus from '../../components/QueueStatus';
import PageLoader from '../../components/PageLoader';
import { toast } from '../../components/toast/toastStore';
import DayNutrition from './DayNutrition';
import EntryDialog, { type EntryDialogState } from './EntryDialog';
import PlannerDay, { parseSlotId, type EntryActions } from './PlannerDay';
import { plannerActions } from './plannerActions';
import { DAY_CHOICES, dayLabel, rangeEnd, readNumberOfDays, saveNumberOfDays, today, weekdayName } from './plannerRange';

/** The slot under the pointer (a tall card never lands on the slot above); the keyboard falls back to overlap. */
const collisionDetection: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : rectIntersection(args);
};

/**
 * The meal planner (/household/mealplan, /household/mealplan/planner/view and …/edit): one column per day
 * (stacked on phones), 7 days from today by default, a remembered day count, week navigation from the
 * household's first day of the week. Editing adds, edits, moves (drag and drop, or "move to" on touch),
 * deletes, picks random meals by the rules and fills the week's dinners.
 */
export default function PlannerPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const editing = location.pathname.endsWith('/edit');
  const { user } = useCurrentUser();
  const firstDay = useFirstDayOfWeek();
  const [start, setStart] = useState(today);
  const [days, setDays] = useState(readNumberOfDays);
  const end = rangeEnd(start, days);
  const range = useMealplanRange(start, end);
  // One request for the whole visible range (issue 37): each day's nutrition, one serving per planned meal.
  const nutrition = usePlanNutrition(start, end);
  const nutritionByDate = useMemo(() => new Map((nutrition.data?.days ?? []).map((day) => [day.date, day])), [nutrition.data]);
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const random = useRandomEntry();
  const [dialog, setDialog] = useState<EntryDialogState | null>(null);
  const [deleting, setDeleting] = useState<ReadPlanEntry | null>(null);
  const [filling, setFilling] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const entries = useMemo(() => range.data ?? [], [range.data]);
  const dates = dateRange(start, days);
  const todayDate = today();
  const locale = i18n.language;

  const changeDays = (value: number) => {
    setDays(value);
    saveNumberOfDays(value);
  };
  const shiftWeek = (weeks: number) => setStart(addDays(weekStart(start, firstDay), weeks * 7));

  const actions: EntryActions = {
    onAdd: (date, entryType) => setDialog({ mode: 'add', date, entryType }),
    onRandom: (date, entryType) => random.mutate({ date, entryType }, { onSuccess: () => toast.success(t('meal-plan.meal-saved')) }),
    onEdit: (entry) => setDialog({ mode: 'edit', entry }),
    onMove: (entry) => setDialog({ mode: 'move', entry }),
    onDelete: (entry) => setDeleting(entry),
  };

  // The drop target names its own day and meal type, so a drop lands on that date whatever the week's first day.
  const onDragEnd = (event: DragEndEvent) => {
    const entry = event.active.data.current?.entry as ReadPlanEntry | undefined;
    const target = event.over ? parseSlotId(String(event.over.id)) : null;
    if (!entry || !target || (target.date === entry.date && target.entryType === entry.entryType)) return;
    update.mutate({ entry, changes: target }, { onSuccess: () => toast.success(t('meal-plan.meal-moved')) });
  };

  /** A random dinner for each shown day without one, one after another so no dinner repeats in the week. */
  const fillWeek = async () => {
    const missing = dates.filter((date) => !entries.some((e) => e.date === date && e.entryType === 'dinner'));
    if (missing.length === 0) {
      toast.info(t('meal-plan.nothing-to-fill'));
      return;
    }
    setFilling(true);
    let planned = 0;
    for (const date of missing) {
      const { error } = await mealplanApi.random({ date, entryType: 'dinner' as PlanEntryType });
      if (error) break;
      planned++;
    }
    setFilling(false);
    await range.refetch();
    if (planned > 0) toast.success(t('meal-plan.filled', { count: planned }));
  };

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('meal-plan.meal-deleted'));
        setDeleting(null);
      },
    });
  };

  const toolbar = (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', marginBlockEnd: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Tooltip title={t('meal-plan.previous-week')}>
          <IconButton aria-label={t('meal-plan.previous-week')} onClick={() => shiftWeek(-1)} sx={{ minWidth: 44, minHeight: 44 }}>
            <ChevronLeftIcon sx={flipInRtl} />
          </IconButton>
        </Tooltip>
        <Button onClick={() => setStart(weekStart(todayDate, firstDay))} sx={{ minHeight: 44 }}>
          {t('meal-plan.this-week')}
        </Button>
        <Tooltip title={t('meal-plan.next-week')}>
          <IconButton aria-label={t('meal-plan.next-week')} onClick={() => shiftWeek(1)} sx={{ minWidth: 44, minHeight: 44 }}>
            <ChevronRightIcon sx={flipInRtl} />
          </IconButton>
        </Tooltip>
      </Stack>
      <Button onClick={() => setStart(todayDate)} sx={{ minHeight: 44 }}>
        {t('meal-plan.today')}
      </Button>
      <TextField
        type="date"
        size="small"
        label={t('meal-plan.start-date')}
        value={start}
        onChange={(e) => isCalendarDate(e.target.value) && setStart(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <TextField select size="small" label={t('meal-plan.number-of-days')} value={days} onChange={(e) => changeDays(Number(e.target.value))} sx={{ width: 100 }}>
        {DAY_CHOICES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" component="nav" aria-label={t('meal-plan.planner-mode')} sx={{ gap: 0.5 }}>
        {(['view', 'edit'] as const).map((mode) => {
          const current = (mode === 'edit') === editing;
          return (
            <Button
              key={mode}
              component={RouterLink}
              to={`/household/mealplan/planner/${mode}`}
              variant={current ? 'contained' : 'outlined'}
              aria-current={current ? 'page' : undefined}
              sx={{ minHeight: 44 }}
            >
              {t(`meal-plan.${mode}`)}
            </Button>
          );
        })}
      </Stack>
      {editing && (
        <Tooltip title={t('meal-plan.fill-the-week-hint')}>
          <span>
            <Button variant="outlined" startIcon={<AutoFixHighIcon />} onClick={() => void fillWeek()} loading={filling} sx={{ minHeight: 44 }}>
              {t('meal-plan.fill-the-week')}
            </Button>
          </span>
        </Tooltip>
      )}
      {plannerActions.map((Action, index) => (
        <Action key={index} start={start} end={end} entries={entries} />
      ))}
    </Stack>
  );

  return (
    <Page
      title={t('meal-plan.meal-planner')}
      icon={<CalendarMonthIcon fontSize="large" />}
      maxWidth={1600}
      subtitle={t('meal-plan.week-starts-on', { day: weekdayName(firstDay, locale) })}
      actions={
        <>
          <QueueStatus />
          <Button component={RouterLink} to="/household/mealplan/settings" startIcon={<RuleIcon />} sx={{ minHeight: 44 }}>
            {t('meal-plan.rules')}
          </Button>
        </>
      }
    >
      {toolbar}
      {editing && (
        <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1, display: { xs: 'none', md: 'block' } }}>
          {t('meal-plan.drag-hint')}
        </Typography>
      )}
      {range.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {range.isPending ? (
        <PageLoader />
      ) : (
        <DndContext sensors={sensors} collisionDetection={collisionDetection} onDragEnd={onDragEnd}>
          <Box
            role="group"
            aria-label={t('meal-plan.days-of-plan', { start: dayLabel(start, locale, 'long'), end: dayLabel(end, locale, 'long') })}
            sx={{
              display: 'grid',
              gap: 1,
              // Phones: one day under the other. Wider: days side by side, scrolling sideways when they do not fit.
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${days}, minmax(160px, 1fr))` },
              overflowX: { md: 'auto' },
              paddingBlockEnd: { md: 1 },
              alignItems: 'start',
            }}
          >
            {dates.map((date) => (
              <PlannerDay
                key={date}
                date={date}
                label={dayLabel(date, locale)}
                longLabel={dayLabel(date, locale, 'long')}
                isToday={date === todayDate}
                entries={entries.filter((e) => e.date === date)}
                groupSlug={user?.groupSlug ?? null}
                editing={editing}
                actions={actions}
                footer={<DayNutrition day={nutritionByDate.get(date)} />}
              />
            ))}
          </Box>
        </DndContext>
      )}
      {dialog && <EntryDialog key={JSON.stringify(dialog)} state={dialog} onClose={() => setDialog(null)} />}
      <ConfirmDialog open={deleting !== null} title={t('meal-plan.delete-meal')} confirmLabel={t('general.delete')} loading={remove.isPending} onConfirm={onDelete} onClose={() => setDeleting(null)}>
        {t('general.confirm-delete-named', { name: deleting?.recipe?.name || deleting?.title || t('meal-plan.untitled') })}
      </ConfirmDialog>
    </Page>
  );
}
