import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { FIELD_KEYS, type FieldKey, type OcrFields } from './fields';

const MULTILINE: Partial<Record<FieldKey, number>> = { description: 2, ingredients: 6, instructions: 8, notes: 3 };

/** "Send the selection to": one button per field; below, every field, editable as text. */
export function SendBar({ count, onSend }: { count: number; onSend: (key: FieldKey) => void }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-label={t('ocr.send.label')} sx={{ gap: 1 }}>
      <Typography variant="subtitle2" role="status">
        {count ? t('ocr.send.selected', { count }) : t('ocr.send.none')}
      </Typography>
      {/* One scrolling row on phones, so the bar covers little of the photo; wrapped on wider screens. */}
      <Stack direction="row" sx={{ gap: 1, flexWrap: { xs: 'nowrap', sm: 'wrap' }, overflowX: { xs: 'auto', sm: 'visible' }, paddingBlockEnd: { xs: 0.5, sm: 0 } }} tabIndex={0} role="group" aria-label={t('ocr.send.label')}>
        {FIELD_KEYS.map((key) => (
          <Button key={key} variant="outlined" size="small" startIcon={<SendIcon />} disabled={count === 0} onClick={() => onSend(key)} sx={{ minHeight: 44, flexShrink: 0 }}>
            {t(`ocr.fields.${key}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

export default function FieldsPanel({ fields, onChange, nameError }: { fields: OcrFields; onChange: (next: OcrFields) => void; nameError: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-label={t('ocr.fields.label')} sx={{ gap: 2 }}>
      {FIELD_KEYS.map((key) => (
        <TextField
          key={key}
          label={t(`ocr.fields.${key}`)}
          value={fields[key]}
          onChange={(e) => onChange({ ...fields, [key]: e.target.value })}
          multiline={Boolean(MULTILINE[key])}
          minRows={MULTILINE[key]}
          required={key === 'name'}
          error={key === 'name' && nameError}
          helperText={key === 'name' && nameError ? t('ocr.fields.name-required') : key === 'ingredients' ? t('ocr.fields.ingredients-help') : key === 'instructions' ? t('ocr.fields.instructions-help') : undefined}
          slotProps={{ htmlInput: { 'data-field': key } }}
        />
      ))}
    </Stack>
  );
}
