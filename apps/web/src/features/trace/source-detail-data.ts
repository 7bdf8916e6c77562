import { recordData } from '../../lib/record-id.ts';
import { shipQueries } from './ship-api.ts';

/** The first query of sourceDetail?id= (SourceDetailPage: a shipment), started by the router beside the page's code. */
export default recordData(shipQueries.detail);
