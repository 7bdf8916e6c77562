import { recordData } from '../../lib/record-id.ts';
import { applicationQuery } from './api.ts';

/** The first query of myApplys/detail and approval/detail?id= (ApplicationDetailPage), started beside its code. */
export default recordData(applicationQuery);
