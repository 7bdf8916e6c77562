import { recordData } from '../../lib/record-id.ts';
import { certificationQuery } from './api.ts';

/** The first query of /admin/certification/detail?id= (CertificationDetailPage), started by the router beside the page's code. */
export default recordData(certificationQuery);
