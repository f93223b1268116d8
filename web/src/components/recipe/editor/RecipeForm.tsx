import type { ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FormTextField from '../../form/FormTextField';
import { parseQuantityInput } from '../../../lib/recipe/fractions';
import type { RecipeFormValues } from '../../../lib/recipe/recipeForm';
import type { RecipeOut } from '../../../lib/recipe/types';
import { validators } from '../../../lib/validation';
import GalleryEditor from '../images/GalleryEditor';
import ImageUpload from './ImageUpload';
import IngredientsEditor from './IngredientsEditor';
import InstructionsEditor from './InstructionsEditor';
import NotesEditor from './NotesEditor';
import { NutritionEditor, SettingsEditor } from './NutritionSettingsEditors';
import OrganizerField from './OrganizerField';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `edit-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={id} sx={{ padding: { xs: 1.5, sm: 2.5 }, marginBlockEnd: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const number = (t: (k: string) => string) => (v: unknown) =>
  typeof v !== 'string' || !Number.isNaN(parseQuantityInput(v)) || t('recipe-ui.edit.number-invalid');

/** EDIT mode, FORM sub-mode: every part of the recipe. */
export default function RecipeForm({ control, recipe, isOwner }: { control: Control<RecipeFormValues>; recipe: RecipeOut; isOwner: boolean }) {
  const { t } = useTranslation();
  const v = validators(t);
  const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, columnGap: 2 } as const;
  return (
    <>
      <Section title={t('recipe-ui.edit.general')}>
        <ImageUpload recipe={recipe} />
        <GalleryEditor recipe={recipe} />
        <FormTextField name="name" control={control} label={t('general.name')} required rules={{ validate: { required: v.required, max: v.maxLength(500) } }} />
        <FormTextField name="description" control={control} label={t('recipe-ui.edit.description')} multiline minRows={2} helperText={t('recipe-ui.edit.markdown-hint')} />
        <FormTextField name="orgURL" control={control} label={t('recipe-ui.edit.original-url')} rules={{ validate: v.url }} type="url" />
      </Section>

      <Section title={t('recipe-ui.edit.yield-and-times')}>
        <Box sx={grid}>
          <FormTextField name="recipeServings" control={control} label={t('recipe-ui.servings')} rules={{ validate: number(t) }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <FormTextField name="recipeYieldQuantity" control={control} label={t('recipe-ui.edit.yield-quantity')} rules={{ validate: number(t) }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <FormTextField name="recipeYield" control={control} label={t('recipe-ui.yield')} placeholder={t('recipe-ui.edit.yield-placeholder')} />
          <FormTextField name="prepTime" control={control} label={t('recipe-ui.time.prep')} />
          <FormTextField name="performTime" control={control} label={t('recipe-ui.time.perform')} />
          <FormTextField name="totalTime" control={control} label={t('recipe-ui.time.total')} />
        </Box>
      </Section>

      <Section title={t('recipe-ui.organizers')}>
        {(['recipeCategory', 'tags', 'tools'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <OrganizerField
                kind={name === 'recipeCategory' ? 'categories' : name}
                label={t(name === 'recipeCategory' ? 'organizers.categories' : `organizers.${name}`)}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        ))}
      </Section>

      <Section title={t('recipe-ui.ingredients')}>
        <IngredientsEditor control={control} />
      </Section>

      <Section title={t('recipe-ui.instructions')}>
        <InstructionsEditor control={control} recipe={recipe} />
      </Section>

      <Section title={t('recipe-ui.notes')}>
        <NotesEditor control={control} />
      </Section>

      <Section title={t('recipe-ui.nutrition.title')}>
        <NutritionEditor control={control} />
      </Section>

      <Section title={t('recipe-ui.settings.title')}>
        <SettingsEditor control={control} isOwner={isOwner} />
      </Section>
    </>
  );
}
