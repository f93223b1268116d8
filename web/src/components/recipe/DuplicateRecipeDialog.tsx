import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDuplicateRecipe } from '../../api/hooks/recipes';
import FormDialog from '../FormDialog';
import FormTextField from '../form/FormTextField';
import { recipePath } from '../../lib/recipe/paths';
import { validators } from '../../lib/validation';

interface DuplicateRecipeDialogProps {
  open: boolean;
  slug: string;
  name: string;
  groupSlug: string | null;
  onClose: () => void;
}

/** Duplicate, with a name field: POST /api/recipes/{slug}/duplicate {name}, then open the copy. */
export default function DuplicateRecipeDialog({ open, slug, name, groupSlug, onClose }: DuplicateRecipeDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useDuplicateRecipe();
  const v = validators(t);
  const { control, handleSubmit, reset } = useForm<{ name: string }>({ defaultValues: { name: '' } });

  useEffect(() => {
    if (open) reset({ name: t('recipe-ui.duplicate.default-name', { name }) });
  }, [open, name, reset, t]);

  const onSubmit = handleSubmit((values) =>
    duplicate.mutate(
      { slug, name: values.name.trim() },
      {
        onSuccess: (copy) => {
          onClose();
          navigate(recipePath(groupSlug, copy.slug));
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      title={t('recipe-ui.duplicate.title')}
      submitLabel={t('recipe-ui.duplicate.submit')}
      saving={duplicate.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <FormTextField name="name" control={control} label={t('general.name')} autoFocus rules={{ validate: v.required }} />
    </FormDialog>
  );
}
