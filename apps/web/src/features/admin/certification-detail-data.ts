import { recordData } from '../../lib/record-id.ts';
import { certificationQuery } from './api.ts';

/** The first query of /admin/certification/detail?id= (CertificationDetailPage), started beside its code. */
export default recordData(certificationQuery);
