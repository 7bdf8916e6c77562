import { recordData } from '../../lib/record-id.ts';
import { outboundQueries } from './api.ts';

/** The first query of an issue order's detail (OutboundDetailPage, both of its routes), started beside its code. */
export default recordData(outboundQueries.detail);
