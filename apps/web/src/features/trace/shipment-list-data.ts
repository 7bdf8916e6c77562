import type { QueryClient } from '@tanstack/react-query';
import { session } from '../../lib/session.ts';
import { shipmentListQueries, shipQueries } from './ship-api.ts';

/**
 * The shipment lists' first queries as ShipmentListPages first asks for them (the first page, no filter; a
 * construction or supervision unit's incoming list also its projects), started by the router beside the page's code
 * (`RouteItem.data`) once the guard has loaded the user. Only when nothing is cached: what the page does with cached
 * data stays its own.
 */
function shipmentListData(queryClient: QueryClient, direction: 'out' | 'in'): Promise<unknown> {
  const orgType = session.get().user?.organization?.type ?? null;
  return Promise.all([
    queryClient.ensureQueryData(shipQueries.list(shipmentListQueries.firstPage(direction))),
    direction === 'in' && shipmentListQueries.onProjects(orgType)
      ? queryClient.ensureQueryData(shipmentListQueries.projects(orgType))
      : null,
  ]);
}

/** /productionManagement/trackList: what the organisation shipped. */
export const outgoingListData = (queryClient: QueryClient) => shipmentListData(queryClient, 'out');
/** /productionManagement/sources: what comes to the organisation or its projects. */
export const incomingListData = (queryClient: QueryClient) => shipmentListData(queryClient, 'in');
