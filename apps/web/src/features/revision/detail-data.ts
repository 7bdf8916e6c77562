import { recordData } from '../../lib/record-id.ts';
import { revisionQueries } from './api.ts';

/** The first query of the platform's and city's revisions/detail?id= (RevisionDetailPage), started beside it. */
export default recordData(revisionQueries.detail);
