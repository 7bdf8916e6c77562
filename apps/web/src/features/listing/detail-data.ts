import { recordData } from '../../lib/record-id.ts';
import { listingDetailQuery } from './api.ts';

/** The first query of a listing's detail?id= (ListingDetailsPage and the platform's and city's AuditDetailPage), started by the router beside the page's code. */
export default recordData(listingDetailQuery);
