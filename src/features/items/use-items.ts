import { useQuery } from '@tanstack/react-query';
import { planLimit } from '../../domain/plans';
import { currentPlanId, useSubscription } from '../subscription';
import { itemsQueryOptions } from '../../data/items/get-items';

/** Every item of the seller, asked for in as many pages at once as their plan can fill. */
export function useItems(userId: string) {
  const planId = currentPlanId(useSubscription(userId).data);
  return useQuery(itemsQueryOptions(userId, planLimit(planId, 'items')));
}
