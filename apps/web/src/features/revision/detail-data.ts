import { recordData } from '../../lib/record-id.ts';
import { revisionQueries } from './api.ts';

/** The first query of /admin/revisions/detail and /gov/revisions/detail?id= (RevisionDetailPage), started by the router beside the page's code. */
export default recordData(revisionQueries.detail);
