import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DataObjectIcon from '@mui/icons-material/DataObject';
import EditNoteIcon from '@mui/icons-material/EditNote';
import SaveIcon from '@mui/icons-material/Save';
import { useUpdateRecipe } from '../../api/hooks/recipes';
import ConfirmDialog from '../../components/ConfirmDialog';
import RecipeForm from '../../components/recipe/editor/RecipeForm';
import RecipeJsonEditor from '../../components/recipe/editor/RecipeJsonEditor';
import { toast } from '../../components/toast/toastStore';
import { checkRecipeJson, toFormValues, toRecipeInput, type RecipeFormValues } from '../../lib/recipe/recipeForm';
import type { RecipeOut } from '../../lib/recipe/types';
import { useLeaveWarning } from './useLeaveWarning';

type SubMode = 'form' | 'json';

interface RecipeEditorProps {
  recipe: RecipeOut;
  isOwner: boolean;
  /** Back to VIEW; with the saved recipe's slug when it changed. */
  onDone: (slug?: string) => void;
}

/** EDIT mode: FORM or JSON, Save and Cancel, and a leave-page warning for as long as it is open. */
export default function RecipeEditor({ recipe, isOwner, onDone }: RecipeEditorProps) {
  const { t } = useTranslation();
  const [subMode, setSubMode] = useState<SubMode>('form');
  const [jsonText, setJsonText] = useState('');
  const [initial] = useState(() => toFormValues(recipe));
  const { control, handleSubmit, getValues, reset } = useForm<RecipeFormValues>({ defaultValues: initial, mode: 'onTouched' });
  const update = useUpdateRecipe();
  const { blocker, release } = useLeaveWarning(true);
  const jsonCheck = useMemo(() => (subMode === 'json' ? checkRecipeJson(jsonText) : { ok: true as const, value: {} }), [jsonText, subMode]);

  /** The PUT body: the recipe as loaded (assets, extras, dates) with the edited parts on top. */
  const bodyFrom = (values: RecipeFormValues) => ({ ...recipe, ...toRecipeInput(values) });

  const switchTo = (next: SubMode) => {
    if (next === subMode) return;
    if (next === 'json') {
      setJsonText(JSON.stringify(bodyFrom(getValues()), null, 2));
      setSubMode('json');
      return;
    }
    const check = checkRecipeJson(jsonText);
    if (!check.ok) return;
    reset(toFormValues(check.value));
    setSubMode('form');
  };

  const save = (body: Record<string, unknown>) =>
    update.mutate(
      { slug: recipe.slug, body },
      {
        onSuccess: (saved) => {
          toast.success(t('recipe-ui.edit.saved'));
          release();
          onDone(saved.slug);
        },
      },
    );

  const onSave = () => {
    if (subMode === 'json') {
      if (jsonCheck.ok) save(jsonCheck.value);
      return;
    }
    void handleSubmit((values) => save(bodyFrom(values)), () => toast.error(t('recipe-ui.edit.fix-errors')))();
  };

  return (
    <Box sx={{ maxWidth: 1100, marginInline: 'auto', paddingInline: { xs: 1, sm: 3 }, paddingBlock: { xs: 1, sm: 2 } }}>
      <Paper
        elevation={3}
        sx={{ position: 'sticky', insetBlockStart: 0, zIndex: 2, padding: 1.5, marginBlockEnd: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Typography variant="h6" component="h1" noWrap sx={{ flex: '1 1 200px', minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
          {t('recipe-ui.edit.editing', { name: recipe.name })}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={subMode}
          onChange={(_e, next: SubMode | null) => next && switchTo(next)}
          aria-label={t('recipe-ui.edit.mode')}
        >
          <ToggleButton value="form" aria-label={t('recipe-ui.edit.form')} disabled={subMode === 'json' && !jsonCheck.ok}>
            <EditNoteIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} />
            {t('recipe-ui.edit.form')}
          </ToggleButton>
          <ToggleButton value="json" aria-label={t('recipe-ui.edit.json')}>
            <DataObjectIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} />
            {t('recipe-ui.edit.json')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" sx={{ gap: 1, marginInlineStart: 'auto' }}>
          <Button startIcon={<CloseIcon />} onClick={() => onDone()} disabled={update.isPending}>
            {t('general.cancel')}
          </Button>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={onSave} loading={update.isPending} disabled={subMode === 'json' && !jsonCheck.ok}>
            {t('general.save')}
          </Button>
        </Stack>
      </Paper>

      {subMode === 'form' ? (
        <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), onSave())}>
          <RecipeForm control={control} recipe={recipe} isOwner={isOwner} />
        </Box>
      ) : (
        <RecipeJsonEditor text={jsonText} check={jsonCheck} onChange={setJsonText} />
      )}

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('recipe-ui.edit.leave-title')}
        confirmLabel={t('recipe-ui.edit.leave')}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('recipe-ui.edit.leave-text')}
      </ConfirmDialog>
    </Box>
  );
}
