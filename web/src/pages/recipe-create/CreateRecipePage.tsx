import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useCreateRecipe } from '../../api/hooks/recipes';
import FormTextField from '../../components/form/FormTextField';
import Page from '../../components/Page';
import { recipeEditPath } from '../../lib/recipe/paths';
import { validators } from '../../lib/validation';

/** /g/{groupSlug}/r/create/new: name a recipe (POST /api/recipes {name}), then finish it in edit mode. */
export default function CreateRecipePage() {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateRecipe();
  const v = validators(t);
  const { control, handleSubmit } = useForm<{ name: string }>({ defaultValues: { name: '' } });

  const onSubmit = handleSubmit(({ name }) =>
    create.mutate(name.trim(), { onSuccess: (slug) => navigate(recipeEditPath(groupSlug, slug)) }),
  );

  return (
    <Page title={t('recipe-ui.create.title')} icon={<EditNoteIcon fontSize="large" />} maxWidth={720}>
      <Paper sx={{ padding: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>{t('recipe-ui.create.description')}</Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <FormTextField
            name="name"
            control={control}
            label={t('recipe-ui.create.name')}
            autoFocus
            required
            rules={{ validate: { required: v.required, max: v.maxLength(500) } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 2 }}>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('general.create')}
            </Button>
          </Box>
        </Box>
      </Paper>
    </Page>
  );
}
