import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { localDate } from '../../../../contract/mealplan-dates';
import { useMadeItOptions } from '../../api/hooks/cupboard';
import { queueMadeThis } from '../../api/offlineQueue';
import type { MadeItOptions } from '../../api/cupboard';
import FormDialog from '../../components/FormDialog';
import { toast } from '../../components/toast/toastStore';

/** The recipe's on-hand foods to clear, each a checkbox; staples (salt, spices, oils) say so and start unticked. */
function UsedUpFoods({ options, ticked, onToggle }: { options: MadeItOptions; ticked: Set<string>; onToggle: (id: string) => void }) {
  const { t } = useTranslation();
  if (options.onHandFoods.length === 0) return null;
  return (
    <Stack component="fieldset" sx={{ border: 0, padding: 0, margin: 0 }} data-testid="made-it-used-up">
      <Typography component="legend" variant="subtitle2">{t('recipe-ui.made-it.used-up')}</Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>{t('recipe-ui.made-it.used-up-hint')}</Typography>
      <FormGroup>
        {options.onHandFoods.map((food) => (
          <FormControlLabel
            key={food.id}
            sx={{ minHeight: 44 }}
            control={<Checkbox checked={ticked.has(food.id)} onChange={() => onToggle(food.id)} />}
            label={
              <>
                <bdi>{food.name}</bdi>
                {food.staple && (
                  <Typography component="span" variant="caption" sx={{ color: 'text.secondary', marginInlineStart: 1 }}>
                    {t('recipe-ui.made-it.staple')}
                  </Typography>
                )}
              </>
            }
          />
        ))}
      </FormGroup>
    </Stack>
  );
}

/**
 * "I made this" (issue 37): the day made and a note go on the recipe's timeline, and the ticked on-hand foods
 * stop being on hand in the household — all in one request, written together. It goes through the device's
 * change queue (issue 41): sent at once when online, when the connection is back otherwise, never twice.
 */
export default function MadeItDialog({ recipe, open, onClose }: { recipe: { id: string; slug: string; name: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useMadeItOptions(recipe.slug, open);
  const [date, setDate] = useState(localDate);
  const [note, setNote] = useState('');
  // Null until the user changes a box: until then the household's preference decides (the server's preselected).
  const [choice, setChoice] = useState<Set<string> | null>(null);
  const ticked = choice ?? new Set((options.data?.onHandFoods ?? []).filter((food) => food.preselected).map((food) => food.id));

  const toggle = (id: string) => {
    const next = new Set(ticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChoice(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const timestamp = date === localDate() ? new Date().toISOString() : `${date}T12:00:00Z`;
    queueMadeThis(recipe, { subject: t('recipe-ui.made-it.subject'), eventMessage: note.trim() || null, timestamp, usedUpFoodIds: [...ticked] });
    toast.success(t('recipe-ui.made-it.saved', { count: ticked.size }));
    onClose();
  };

  return (
    <FormDialog open={open} title={t('recipe-ui.made-it.title')} submitLabel={t('recipe-ui.made-it.save')} saving={false} onClose={onClose} onSubmit={submit}>
      <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
        <TextField type="date" label={t('recipe-ui.made-it.date')} value={date} onChange={(e) => e.target.value && setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={t('recipe-ui.made-it.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
        {options.isPending ? <Skeleton variant="rounded" height={88} /> : options.data && <UsedUpFoods options={options.data} ticked={ticked} onToggle={toggle} />}
      </Stack>
    </FormDialog>
  );
}
