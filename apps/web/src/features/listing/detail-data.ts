import { recordData } from '../../lib/record-id.ts';
import { listingDetailQuery } from './api.ts';

/** A listing's first query (ListingDetailsPage, the platform's and city's AuditDetailPage), started beside it. */
export default recordData(listingDetailQuery);
