import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { isCalendarDate, type PlanEntryType } from '../../../../contract/mealplan-dates';
import type { RecipeSummary } from '../../../../contract/recipes';
import { useCreateEntry, useUpdateEntry } from '../../api/hooks/mealplans';
import { useRecipeSearch } from '../../api/hooks/search';
import type { ReadPlanEntry } from '../../api/mealplans';
import FormDialog from '../../components/FormDialog';
import MealTypeSelect from '../../components/mealplan/MealTypeSelect';
import { toast } from '../../components/toast/toastStore';

export type EntryDialogState =
  | { mode: 'add'; date: string; entryType: PlanEntryType }
  | { mode: 'edit' | 'move'; entry: ReadPlanEntry };

type PickedRecipe = Pick<RecipeSummary, 'id' | 'name' | 'slug'>;

/** Adds a meal (a recipe, or a title and a note), edits one, or moves one to another day and meal type. */
export default function EntryDialog({ state, onClose }: { state: EntryDialogState; onClose: () => void }) {
  const { t } = useTranslation();
  const entry = state.mode === 'add' ? null : state.entry;
  const [date, setDate] = useState(entry?.date ?? (state.mode === 'add' ? state.date : ''));
  const [entryType, setEntryType] = useState<PlanEntryType>(entry?.entryType ?? (state.mode === 'add' ? state.entryType : 'dinner'));
  const [recipe, setRecipe] = useState<PickedRecipe | null>(entry?.recipe ?? null);
  const [title, setTitle] = useState(entry?.title ?? '');
  const [text, setText] = useState(entry?.text ?? '');
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const found = useRecipeSearch(search);
  const create = useCreateEntry();
  const update = useUpdateEntry();
  const moving = state.mode === 'move';
  const validDate = isCalendarDate(date);
  const hasContent = Boolean(recipe || title.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!validDate || (!moving && !hasContent)) return;
    const fields = { date, entryType, recipeId: recipe?.id ?? null, title: title.trim(), text };
    if (state.mode === 'add') {
      create.mutate(fields, {
        onSuccess: () => {
          toast.success(t('meal-plan.meal-saved'));
          onClose();
        },
        onError: () => toast.error(t('meal-plan.failed-to-add-recipe-to-mealplan')),
      });
      return;
    }
    update.mutate(
      { entry: state.entry, changes: moving ? { date, entryType } : fields },
      { onSuccess: () => toast.success(t(moving ? 'meal-plan.meal-moved' : 'meal-plan.meal-saved')) },
    );
    onClose();
  };

  const title_ = { add: t('meal-plan.add-meal'), edit: t('meal-plan.edit-meal'), move: t('meal-plan.move-meal') }[state.mode];
  const options: PickedRecipe[] = found.results;
  return (
    <FormDialog open title={title_} submitLabel={t(state.mode === 'move' ? 'meal-plan.move' : 'general.save')} saving={create.isPending} onClose={onClose} onSubmit={submit}>
      <TextField
        type="date"
        label={t('meal-plan.date')}
        value={date}
        onChange={(e) => setDate(e.target.value)}
        required
        fullWidth
        margin="normal"
        error={submitted && !validDate}
        helperText={submitted && !validDate ? t('general.field-required') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
        autoFocus={moving}
      />
      <MealTypeSelect value={entryType} onChange={setEntryType} />
      {!moving && (
        <>
          <Autocomplete
            options={options}
            value={recipe}
            onChange={(_, picked) => setRecipe(picked)}
            inputValue={search}
            onInputChange={(_, value) => setSearch(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            loading={found.loading}
            renderInput={(params) => (
              <TextField {...params} label={t('meal-plan.recipe')} placeholder={t('meal-plan.search-recipes')} margin="normal" autoFocus />
            )}
          />
          <TextField
            label={t('meal-plan.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            fullWidth
            margin="normal"
            error={submitted && !hasContent}
            helperText={submitted && !hasContent ? t('meal-plan.needs-recipe-or-title') : undefined}
          />
          <TextField label={t('meal-plan.note')} value={text} onChange={(e) => setText(e.target.value)} fullWidth margin="normal" multiline minRows={2} />
        </>
      )}
    </FormDialog>
  );
}
