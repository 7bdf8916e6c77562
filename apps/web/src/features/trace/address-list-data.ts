import type { QueryClient } from '@tanstack/react-query';
import { ADDRESS_PAGE_SIZE, addressQueries } from './api.ts';

/**
 * /productionManagement/addressManagement's first page as AddressManagementPage first asks for it (every kind),
 * started by the router beside the page's code (`RouteItem.data`). Only when nothing is cached.
 */
export default function addressListData(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(addressQueries.list({ take: ADDRESS_PAGE_SIZE, skip: 0 }));
}
