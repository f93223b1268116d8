import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useLabelMutations, type LabelOut } from '../../api/hooks/data';
import FormDialog from '../../components/FormDialog';
import FormTextField from '../../components/form/FormTextField';
import { validators } from '../../lib/validation';
import LabelChip from './LabelChip';
import { DEFAULT_LABEL_COLOR, safeColor } from './text';

interface LabelForm {
  name: string;
  color: string;
}

/** Create or edit a label: its name and colour (a colour picker with the hex value beside it). */
export default function LabelFormDialog({ open, label, onClose }: { open: boolean; label: LabelOut | null; onClose: () => void }) {
  const { t } = useTranslation();
  const v = validators(t);
  const { save } = useLabelMutations();
  const { control, handleSubmit, reset, watch } = useForm<LabelForm>();
  const { field: colorField } = useController({ control, name: 'color' });

  useEffect(() => {
    if (open) reset({ name: label?.name ?? '', color: safeColor(label?.color ?? DEFAULT_LABEL_COLOR) });
  }, [open, label, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate({ id: label?.id, body: { name: values.name.trim(), color: safeColor(values.color) } }, { onSuccess: onClose }),
  );
  const name = watch('name');

  return (
    <FormDialog
      open={open}
      title={label ? t('organize.data.edit-label') : t('organize.data.create-label')}
      submitLabel={label ? t('general.save') : t('general.create')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <FormTextField control={control} name="name" label={t('general.name')} autoFocus rules={{ validate: { required: v.required, max: v.maxLength(200) } }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, marginBlockStart: 1 }}>
        <Box
          component="input"
          type="color"
          aria-label={t('organize.data.color')}
          value={safeColor(colorField.value)}
          onChange={(e) => colorField.onChange(e.target.value)}
          sx={{ width: 48, height: 40, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
        />
        <FormTextField
          control={control}
          name="color"
          label={t('organize.data.color')}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
          rules={{ validate: { hex: (c: string) => /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(c.trim()) || t('organize.data.color-invalid') } }}
        />
      </Box>
      <Box sx={{ marginBlockStart: 2 }} aria-hidden>
        <LabelChip name={name?.trim() || t('organize.data.label')} color={colorField.value} />
      </Box>
    </FormDialog>
  );
}
