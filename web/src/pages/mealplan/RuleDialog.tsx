import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_RULE_DAYS, PLAN_RULE_TYPES, type PlanRuleDay, type PlanRuleType } from '../../../../contract/mealplan-dates';
import { useRuleMutations } from '../../api/hooks/mealplans';
import type { PlanRulesOut } from '../../api/mealplans';
import FormDialog from '../../components/FormDialog';
import QueryFilterBuilder from '../../components/query-filter/QueryFilterBuilder';
import { emptyFields, fieldsToFilter, filterToFields, type FilterFields } from '../../components/query-filter/filterFields';
import { toast } from '../../components/toast/toastStore';
import { ruleDayLabel } from './ruleLabels';

/**
 * Creates or edits a rule: its day, its meal type and its recipe filter. An existing rule's filter loads
 * into the fields when they can say it, otherwise into the text editor; either way it saves as the
 * queryFilterString the server checks (a malformed one is refused with the server's message).
 */
export default function RuleDialog({ rule, onClose }: { rule: PlanRulesOut | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const loaded = rule ? filterToFields(rule.queryFilter) : emptyFields();
  const [day, setDay] = useState<PlanRuleDay>(rule?.day ?? 'unset');
  const [entryType, setEntryType] = useState<PlanRuleType>(rule?.entryType ?? 'unset');
  const [fields, setFields] = useState<FilterFields>(loaded ?? emptyFields());
  const [asText, setAsText] = useState(loaded === null);
  const [text, setText] = useState(rule?.queryFilterString ?? '');
  const { create, update } = useRuleMutations();
  const saving = create.isPending || update.isPending;

  const toText = () => {
    setText(fieldsToFilter(fields));
    setAsText(true);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { day, entryType, queryFilterString: asText ? text.trim() : fieldsToFilter(fields) };
    const done = { onSuccess: () => { toast.success(t('meal-plan.rule-saved')); onClose(); } };
    if (rule) update.mutate({ id: rule.id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <FormDialog open title={rule ? t('meal-plan.edit-rule') : t('meal-plan.new-rule')} submitLabel={t('general.save')} saving={saving} onClose={onClose} onSubmit={submit}>
      <TextField select label={t('meal-plan.day')} value={day} onChange={(e) => setDay(e.target.value as PlanRuleDay)} fullWidth margin="normal">
        {PLAN_RULE_DAYS.map((d) => (
          <MenuItem key={d} value={d}>
            {ruleDayLabel(d, i18n.language, t)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('meal-plan.meal-type')} value={entryType} onChange={(e) => setEntryType(e.target.value as PlanRuleType)} fullWidth margin="normal">
        {PLAN_RULE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type === 'unset' ? t('meal-plan.any-meal') : t(`meal-plan.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="subtitle2" sx={{ marginBlockStart: 2 }}>
        {t('meal-plan.recipe-filter')}
      </Typography>
      {asText ? (
        <>
          <TextField
            label={t('meal-plan.query-filter')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
            helperText={loaded === null && rule ? t('meal-plan.filter-as-text-only') : undefined}
          />
          {loaded !== null && (
            <Button size="small" onClick={() => setAsText(false)}>
              {t('meal-plan.edit-with-fields')}
            </Button>
          )}
        </>
      ) : (
        <>
          <QueryFilterBuilder fields={fields} onChange={setFields} />
          <Button size="small" onClick={toText}>
            {t('meal-plan.edit-as-text')}
          </Button>
        </>
      )}
    </FormDialog>
  );
}
