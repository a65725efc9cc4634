import { useQuery } from '@tanstack/react-query';
import { planLimit } from '../../domain/plans';
import { useAccountPlanId } from '../account';
import { itemsQueryOptions } from '../../data/items/get-items';

/**
 * Every item of the account (`userId`: the account acted on), asked for in as many pages at once
 * as its plan can fill.
 */
export function useItems(userId: string) {
  const planId = useAccountPlanId();
  return useQuery(itemsQueryOptions(userId, planLimit(planId, 'items')));
}
