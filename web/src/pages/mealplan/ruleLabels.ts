import type { TFunction } from 'i18next';
import type { PlanRuleDay } from '../../../../contract/mealplan-dates';
import { weekdayName } from './plannerRange';

const DAY_NUMBERS: Record<Exclude<PlanRuleDay, 'unset'>, number> = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 };

/** A rule's day in the reader's language ("Any day" when unset). */
export function ruleDayLabel(day: PlanRuleDay, locale: string, t: TFunction): string {
  return day === 'unset' ? t('meal-plan.any-day') : weekdayName(DAY_NUMBERS[day], locale);
}
