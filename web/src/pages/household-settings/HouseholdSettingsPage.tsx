import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { HouseholdPreferences } from '../../../../contract/accounts';
import { useCurrentUser } from '../../api/hooks/auth';
import { useHouseholdPreferences, useHouseholdSelf, useHouseholdStatistics, useSaveHouseholdPreferences } from '../../api/hooks/households';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import InviteDialog from '../household-members/InviteDialog';

type BoolPref = Exclude<keyof HouseholdPreferences, 'id' | 'firstDayOfWeek' | 'unitSystem'>;
const UNIT_SYSTEMS: HouseholdPreferences['unitSystem'][] = ['metric', 'us', 'imperial'];

const SWITCHES: { key: BoolPref; label: string; help: string }[] = [
  { key: 'privateHousehold', label: 'household.private-household', help: 'household.private-household-description' },
  { key: 'lockRecipeEditsFromOtherHouseholds', label: 'household.lock-recipe-edits', help: 'household.lock-recipe-edits-description' },
];

const RECIPE_DEFAULTS: { key: BoolPref; label: string }[] = [
  { key: 'recipePublic', label: 'household.recipe-public' },
  { key: 'recipeShowNutrition', label: 'household.recipe-show-nutrition' },
  { key: 'recipeShowAssets', label: 'household.recipe-show-assets' },
  { key: 'recipeLandscapeView', label: 'household.recipe-landscape-view' },
  { key: 'recipeDisableComments', label: 'household.recipe-disable-comments' },
  { key: 'recipeDisableAmount', label: 'household.recipe-disable-amount' },
];

/**
 * /household: the household's name, counts and preferences (privacy, edit lock from other households, first day
 * of the week, and the settings new recipes start with). Each change saves at once (PUT /api/households/preferences).
 */
export default function HouseholdSettingsPage() {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const household = useHouseholdSelf();
  const prefs = useHouseholdPreferences();
  const stats = useHouseholdStatistics();
  const save = useSaveHouseholdPreferences();
  const [inviting, setInviting] = useState(false);

  if (prefs.isPending || household.isPending) return <PageLoader />;
  if (prefs.isError || !prefs.data) return <Alert severity="error">{t('general.load-failed')}</Alert>;
  const current = prefs.data;
  const set = (patch: Partial<HouseholdPreferences>) => save.mutate(patch);
  // Day names in the reader's language; 2023-01-01 was a Sunday (day 0).
  const dayName = (day: number) => new Date(Date.UTC(2023, 0, 1 + day)).toLocaleDateString(i18n.language, { weekday: 'long', timeZone: 'UTC' });

  const toggle = (key: BoolPref, label: string, help?: string) => (
    <Box key={key}>
      <FormControlLabel
        control={<Switch checked={current[key]} onChange={(e) => set({ [key]: e.target.checked })} disabled={save.isPending} />}
        label={t(label)}
        sx={{ marginInlineStart: 0, minHeight: 44 }}
      />
      {help && (
        <Typography variant="body2" sx={{ color: 'text.secondary', paddingInlineStart: 6 }}>
          {t(help)}
        </Typography>
      )}
    </Box>
  );

  return (
    <Page
      title={t('household.settings')}
      subtitle={household.data ? <bdi>{household.data.name}</bdi> : undefined}
      icon={<HomeIcon fontSize="large" />}
      actions={
        <>
          {user?.canManage && (
            <Button component={RouterLink} to="/household/members" color="inherit" variant="outlined" startIcon={<PeopleIcon />} sx={{ minHeight: 44 }}>
              {t('household.members')}
            </Button>
          )}
          {user?.canInvite && (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} sx={{ minHeight: 44 }}>
              {t('household.invite-member')}
            </Button>
          )}
        </>
      }
    >
      <Stack sx={{ gap: 2 }}>
        {stats.data && (
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }} aria-label={t('household.statistics')} role="list">
            {(
              [
                ['totalRecipes', 'household.stat-recipes'],
                ['totalUsers', 'household.stat-users'],
                ['totalCategories', 'organizers.categories'],
                ['totalTags', 'organizers.tags'],
                ['totalTools', 'organizers.tools'],
              ] as const
            ).map(([key, label]) => (
              <Card key={key} variant="outlined" role="listitem">
                <CardContent sx={{ paddingBlock: 1.5, '&:last-child': { paddingBlockEnd: 1.5 } }}>
                  <Typography variant="h5" component="p">
                    {stats.data[key].toLocaleString(i18n.language)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(label)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
        <Card variant="outlined" component="section" aria-labelledby="household-privacy">
          <CardContent>
            <Typography id="household-privacy" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
              {t('household.household-preferences')}
            </Typography>
            <Stack sx={{ gap: 1 }}>
              {SWITCHES.map((s) => toggle(s.key, s.label, s.help))}
              <TextField
                select
                label={t('household.first-day-of-week')}
                value={current.firstDayOfWeek}
                onChange={(e) => set({ firstDayOfWeek: Number(e.target.value) })}
                sx={{ maxWidth: 280, marginBlockStart: 1 }}
                disabled={save.isPending}
              >
                {[0, 1, 2, 3, 4, 5, 6].map((day) => (
                  <MenuItem key={day} value={day}>
                    {dayName(day)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="household-shopping">
          <CardContent>
            <Typography id="household-shopping" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
              {t('household.shopping-and-pantry')}
            </Typography>
            <Stack sx={{ gap: 1 }}>
              <TextField
                select
                label={t('household.unit-system')}
                value={current.unitSystem}
                onChange={(e) => set({ unitSystem: e.target.value as HouseholdPreferences['unitSystem'] })}
                helperText={t('household.unit-system-description')}
                sx={{ maxWidth: 420, marginBlockStart: 1 }}
                disabled={save.isPending}
                data-testid="unit-system"
              >
                {UNIT_SYSTEMS.map((system) => (
                  <MenuItem key={system} value={system}>
                    {t(`household.unit-system-${system}`)}
                  </MenuItem>
                ))}
              </TextField>
              {toggle('onHandFromShopping', 'household.on-hand-from-shopping', 'household.on-hand-from-shopping-description')}
              {toggle('onHandUsedUpByCooking', 'household.on-hand-used-up-by-cooking', 'household.on-hand-used-up-by-cooking-description')}
            </Stack>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="household-recipe-defaults">
          <CardContent>
            <Typography id="household-recipe-defaults" variant="h6" component="h2">
              {t('household.recipe-defaults')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>
              {t('household.recipe-defaults-description')}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{RECIPE_DEFAULTS.map((s) => toggle(s.key, s.label))}</Box>
          </CardContent>
        </Card>
      </Stack>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </Page>
  );
}
