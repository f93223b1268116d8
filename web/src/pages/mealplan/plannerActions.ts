import type { ComponentType } from 'react';
import AddWeekToShoppingList from '../../components/shopping/AddWeekToShoppingList';
import type { PlannerActionProps } from '../../components/mealplan/plannerAction';

/**
 * Extra buttons in the meal planner's toolbar, rendered in this order after the planner's own. Another area
 * adds one by appending its component here (e.g. the shopping lists' "add this week's recipes to a list"),
 * without touching the planner itself.
 */
export const plannerActions: ComponentType<PlannerActionProps>[] = [AddWeekToShoppingList];
