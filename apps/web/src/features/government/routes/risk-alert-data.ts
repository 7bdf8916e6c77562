import { recordData } from '../../../lib/record-id.ts';
import { riskQueries } from '../risk-api.ts';

/** The first query of /govProcurementInfo/riskAlerts/detail?id= (AlertDetailPage), started beside its code. */
export default recordData(riskQueries.detail);
