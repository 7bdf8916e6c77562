import { recordData } from '../../lib/record-id.ts';
import { projectQueries } from './api.ts';

/** The first query of /project/detail?id= (ProjectDetailPage), started beside its code. */
export default recordData(projectQueries.detail);
