import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  loadPrintPreferences,
  savePrintPreferences,
  type ImagePosition,
  type PrintPreferences,
} from '../../lib/recipe/printPreferences';
import type { RecipeOut } from '../../lib/recipe/types';
import RecipePrintView from './RecipePrintView';

interface PrintPreferencesDialogProps {
  open: boolean;
  recipe: RecipeOut;
  onClose: () => void;
  /** Called with the saved preferences. */
  onSaved?: (preferences: PrintPreferences) => void;
}

const POSITIONS: ImagePosition[] = ['left', 'right', 'hidden'];

/** Print preferences: image position, description / notes / nutrition toggles, and a live preview. Kept in localStorage. */
export default function PrintPreferencesDialog({ open, recipe, onClose, onSaved }: PrintPreferencesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [prefs, setPrefs] = useState<PrintPreferences>(() => loadPrintPreferences(recipe));

  useEffect(() => {
    if (open) setPrefs(loadPrintPreferences(recipe));
  }, [open, recipe]);

  const toggle = (key: 'showDescription' | 'showNotes' | 'showNutrition', label: string) => (
    <FormControlLabel control={<Switch checked={prefs[key]} onChange={(e) => setPrefs({ ...prefs, [key]: e.target.checked })} />} label={label} />
  );

  const save = () => {
    savePrintPreferences(prefs, recipe);
    onSaved?.(prefs);
    onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('recipe-ui.print.preferences')}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }}>
          <Box sx={{ flex: '0 0 220px' }}>
            <FormControl>
              <FormLabel id={`${titleId}-position`}>{t('recipe-ui.print.image-position')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-position`}
                value={prefs.imagePosition}
                onChange={(e) => setPrefs({ ...prefs, imagePosition: e.target.value as ImagePosition })}
              >
                {POSITIONS.map((p) => (
                  <FormControlLabel key={p} value={p} control={<Radio />} label={t(`recipe-ui.print.position-${p}`)} />
                ))}
              </RadioGroup>
            </FormControl>
            <Stack sx={{ marginBlockStart: 2 }}>
              {toggle('showDescription', t('recipe-ui.print.show-description'))}
              {toggle('showNotes', t('recipe-ui.print.show-notes'))}
              {toggle('showNutrition', t('recipe-ui.print.show-nutrition'))}
            </Stack>
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" component="p" id={`${titleId}-preview`}>
              {t('recipe-ui.print.preview')}
            </Typography>
            <Box
              role="region"
              aria-labelledby={`${titleId}-preview`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, padding: 2, maxHeight: '55vh', overflowY: 'auto', bgcolor: 'background.paper' }}
            >
              <Box sx={{ zoom: 0.7 }}>
                <RecipePrintView recipe={recipe} preferences={prefs} />
              </Box>
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>{t('general.cancel')}</Button>
        <Button variant="contained" onClick={save} sx={{ minHeight: 44 }}>
          {t('general.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
