import { recordData } from '../../lib/record-id.ts';
import { shipQueries } from './ship-api.ts';

/** The first query of sourceDetail?id= (SourceDetailPage: a shipment), started beside its code. */
export default recordData(shipQueries.detail);
