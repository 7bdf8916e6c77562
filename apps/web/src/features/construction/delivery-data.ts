import { recordData } from '../../lib/record-id.ts';
import { receiveQueries } from './api.ts';

/** The first query of /projectConstruction/receiveDetail?id= and /project/receiveInvoiceDetail?id=, started beside their code. */
export default recordData(receiveQueries.delivery);
