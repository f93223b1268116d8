import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import type { RecipeFormValues } from '../../../lib/recipe/recipeForm';
import RowControls from './RowControls';

/** Notes: a title and markdown text each. */
export default function NotesEditor({ control }: { control: Control<RecipeFormValues> }) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'notes', keyName: 'key' });
  const what = t('recipe-ui.edit.note-item');
  return (
    <Stack sx={{ gap: 1.5 }}>
      {fields.map((field, index) => (
        <Paper key={field.key} variant="outlined" sx={{ padding: 1.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Controller
              control={control}
              name={`notes.${index}.title`}
              render={({ field: f }) => <TextField {...f} label={t('recipe-ui.edit.note-title')} />}
            />
            <RowControls index={index} count={fields.length} what={what} onMove={move} onRemove={() => remove(index)} />
          </Stack>
          <Controller
            control={control}
            name={`notes.${index}.text`}
            render={({ field: f }) => <TextField {...f} multiline minRows={2} label={t('recipe-ui.edit.note-text')} />}
          />
        </Paper>
      ))}
      <div>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => append({ title: '', text: '' })}>
          {t('recipe-ui.edit.add-note')}
        </Button>
      </div>
    </Stack>
  );
}
