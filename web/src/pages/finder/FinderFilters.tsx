import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FoodOut } from '../../api/hooks/data';
import type { AnyOrganizer } from '../../api/hooks/organizers';
import { MAX_MISSING, type FinderPrefs } from './finderPrefs';

interface Named {
  id: string;
  name: string;
}

function Picker<T extends Named>({ label, options, selected, loading, onChange }: {
  label: string;
  options: T[];
  selected: string[];
  loading: boolean;
  onChange: (ids: string[]) => void;
}) {
  const value = options.filter((o) => selected.includes(o.id));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      loading={loading}
      filterSelectedOptions
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, picked) => onChange(picked.map((p) => p.id))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** Quick choices of how many foods a recipe may lack: cook now, or shop for one or two things. */
const QUICK_MISSING = [0, 1, 2];

/** The finder's left panel: foods and tools the user has, and the saved preferences. */
export default function FinderFilters({ prefs, foods, tools, loading, onChange, foodsOnHand }: {
  prefs: FinderPrefs;
  /** Foods on hand in the caller's household (kept up to date by ticking bought items, issue 37). */
  foodsOnHand: number;
  foods: FoodOut[];
  tools: AnyOrganizer[];
  loading: boolean;
  onChange: (next: Partial<FinderPrefs>) => void;
}) {
  const { t } = useTranslation();
  const maxField = (key: 'maxMissingFoods' | 'maxMissingTools', label: string) => (
    <TextField
      type="number"
      label={label}
      value={prefs[key]}
      onChange={(e) => {
        const n = Math.round(Number(e.target.value));
        if (Number.isFinite(n)) onChange({ [key]: Math.min(MAX_MISSING, Math.max(0, n)) });
      }}
      slotProps={{ htmlInput: { min: 0, max: MAX_MISSING, step: 1 } }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ padding: 2 }}>
      <Typography variant="h6" component="h2">
        {t('discover.finder.what-you-have')}
      </Typography>
      <Picker label={t('discover.finder.foods')} options={foods} selected={prefs.foods} loading={loading} onChange={(ids) => onChange({ foods: ids })} />
      <Picker label={t('discover.finder.tools')} options={tools} selected={prefs.tools} loading={loading} onChange={(ids) => onChange({ tools: ids })} />
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1 }} data-testid="finder-on-hand">
        {t('discover.finder.on-hand-count', { count: foodsOnHand })}
      </Typography>
      <Typography variant="subtitle2" component="h3" id="finder-missing-at-most" sx={{ marginBlockStart: 2 }}>
        {t('discover.finder.missing-at-most')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-labelledby="finder-missing-at-most"
        value={QUICK_MISSING.includes(prefs.maxMissingFoods) ? prefs.maxMissingFoods : null}
        onChange={(_, value: number | null) => value !== null && onChange({ maxMissingFoods: value })}
        sx={{ marginBlockStart: 0.5, flexWrap: 'wrap' }}
      >
        {QUICK_MISSING.map((n) => (
          <ToggleButton key={n} value={n} sx={{ minHeight: 44, paddingInline: 1.5 }}>
            {n === 0 ? t('discover.finder.missing-none') : t('discover.finder.missing-up-to', { count: n })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Divider sx={{ marginBlock: 2 }} />
      <Typography variant="subtitle2" component="h3">
        {t('discover.finder.settings')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1.5 }}>
        {maxField('maxMissingFoods', t('discover.finder.max-missing-foods'))}
        {maxField('maxMissingTools', t('discover.finder.max-missing-tools'))}
      </Box>
      <FormControlLabel
        control={<Switch checked={prefs.includeFoodsOnHand} onChange={(e) => onChange({ includeFoodsOnHand: e.target.checked })} />}
        label={t('discover.finder.include-foods-on-hand')}
      />
      <FormControlLabel
        control={<Switch checked={prefs.includeToolsOnHand} onChange={(e) => onChange({ includeToolsOnHand: e.target.checked })} />}
        label={t('discover.finder.include-tools-on-hand')}
      />
    </Paper>
  );
}
