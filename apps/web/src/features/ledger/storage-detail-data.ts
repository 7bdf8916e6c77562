import { recordData } from '../../lib/record-id.ts';
import { storageDetailQuery } from './api.ts';

/** The first query of storage/detail?id= (StorageDetailPage), started by the router beside the page's code. */
export default recordData(storageDetailQuery);
