import { recordData } from '../../lib/record-id.ts';
import { projectQueries } from './api.ts';

/** The first query of /project/detail?id= (ProjectDetailPage), started by the router beside the page's code. */
export default recordData(projectQueries.detail);
