import type { QueryClient } from '@tanstack/react-query';
import { recordData } from '../../lib/record-id.ts';
import { sampleQueries, spotCheckQueries } from './api.ts';

const check = recordData(spotCheckQueries.detail);
const sample = recordData(sampleQueries.detail, 'sample');

/** The detail page's first query, started with the navigation: the spot check (`?id=`) or the sample (`?sample=`). */
export default (queryClient: QueryClient, location: { searchParams: URLSearchParams }) =>
  location.searchParams.has('sample') ? sample(queryClient, location) : check(queryClient, location);
