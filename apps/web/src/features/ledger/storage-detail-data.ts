import { recordData } from '../../lib/record-id.ts';
import { storageDetailQuery } from './api.ts';

/** The first query of storage/detail?id= (StorageDetailPage), started beside its code. */
export default recordData(storageDetailQuery);
