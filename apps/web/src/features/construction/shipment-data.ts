import { recordData } from '../../lib/record-id.ts';
import { receiveQueries } from './api.ts';

/** The first query of /project/receiveTrackDetail?id= (the shipment on its way), started beside its code. */
export default recordData(receiveQueries.shipment);
