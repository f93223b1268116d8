import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RuleIcon from '@mui/icons-material/Rule';
import { useFoods } from '../../api/hooks/data';
import { useMealplanRules, useRuleMutations } from '../../api/hooks/mealplans';
import { useOrganizers } from '../../api/hooks/organizers';
import { useGroupHouseholds } from '../../api/hooks/search';
import type { PlanRulesOut } from '../../api/mealplans';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import { FILTER_FIELD_KEYS, filterToFields } from '../../components/query-filter/filterFields';
import { toast } from '../../components/toast/toastStore';
import RuleDialog from './RuleDialog';
import { ruleDayLabel } from './ruleLabels';

/** The names of the ids a rule's filter names, so a rule reads as "Categories: any of Italian, Thai". */
function useFilterNames(): Map<string, string> {
  const categories = useOrganizers('categories');
  const tags = useOrganizers('tags');
  const tools = useOrganizers('tools');
  const foods = useFoods('');
  const households = useGroupHouseholds();
  const names = new Map<string, string>();
  for (const list of [categories.data, tags.data, tools.data, foods.data, households.data]) for (const item of list ?? []) names.set(item.id, item.name);
  return names;
}

function RuleFilter({ rule, names }: { rule: PlanRulesOut; names: Map<string, string> }) {
  const { t } = useTranslation();
  if (!rule.queryFilterString) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t('meal-plan.any-recipe')}</Typography>;
  const fields = filterToFields(rule.queryFilter);
  if (!fields) {
    return (
      <Typography variant="body2" component="code" dir="ltr" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {rule.queryFilterString}
      </Typography>
    );
  }
  const labels: Record<string, string> = {
    categories: t('organizers.categories'), tags: t('organizers.tags'), tools: t('organizers.tools'), foods: t('discover.finder.foods'), households: t('discover.advanced.households'),
  };
  return (
    <Stack sx={{ gap: 0.5 }}>
      {FILTER_FIELD_KEYS.filter((key) => fields[key].ids.length > 0).map((key) => (
        <Stack key={key} direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">
            {labels[key]} ({fields[key].requireAll ? t('meal-plan.filter-summary-all') : t('meal-plan.filter-summary-any')}):
          </Typography>
          {fields[key].ids.map((id) => (
            <Chip key={id} size="small" label={<bdi>{names.get(id) ?? id}</bdi>} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** /household/mealplan/settings: the household's meal plan rules, created, edited and deleted here. */
export default function RulesPage() {
  const { t, i18n } = useTranslation();
  const rules = useMealplanRules();
  const { remove } = useRuleMutations();
  const names = useFilterNames();
  const [editing, setEditing] = useState<PlanRulesOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanRulesOut | null>(null);

  return (
    <Page
      title={t('meal-plan.meal-plan-rules')}
      icon={<RuleIcon fontSize="large" />}
      subtitle={t('meal-plan.rules-description')}
      actions={
        <>
          <Button component={RouterLink} to="/household/mealplan/planner/view" startIcon={<CalendarMonthIcon />} sx={{ minHeight: 44 }}>
            {t('meal-plan.meal-planner')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
            {t('meal-plan.new-rule')}
          </Button>
        </>
      }
    >
      {rules.isPending && <PageLoader />}
      {rules.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {rules.data?.length === 0 && <Alert severity="info">{t('meal-plan.no-rules')}</Alert>}
      <Stack sx={{ gap: 1.5 }}>
        {rules.data?.map((rule) => {
          const day = ruleDayLabel(rule.day, i18n.language, t);
          const meal = rule.entryType === 'unset' ? t('meal-plan.any-meal') : t(`meal-plan.${rule.entryType}`);
          return (
            <Card key={rule.id} variant="outlined" data-testid="mealplan-rule">
              <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { paddingBlockEnd: 2 } }}>
                <Stack sx={{ flex: 1, gap: 1, minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {t('meal-plan.rule-applies', { day, meal })}
                  </Typography>
                  <RuleFilter rule={rule} names={names} />
                </Stack>
                <IconButton aria-label={`${t('meal-plan.edit-rule')}: ${day} · ${meal}`} onClick={() => setEditing(rule)} sx={{ minWidth: 44, minHeight: 44 }}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`${t('meal-plan.delete-rule')}: ${day} · ${meal}`} onClick={() => setDeleting(rule)} sx={{ minWidth: 44, minHeight: 44 }}>
                  <DeleteIcon color="error" />
                </IconButton>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {editing && <RuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('meal-plan.delete-rule')}
        confirmLabel={t('general.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('meal-plan.rule-deleted'));
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
      >
        {t('general.confirm-delete-generic')}
      </ConfirmDialog>
    </Page>
  );
}
