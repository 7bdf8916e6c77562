import { accountEndpoints } from './account.endpoints.ts';
import { authEndpoints } from './auth.endpoints.ts';
import { basicMaterialEndpoints } from './basic-material.endpoints.ts';
import { businessCardEndpoints } from './business-card.endpoints.ts';
import { catalogueEndpoints } from './catalogue.endpoints.ts';
import { certificateEndpoints } from './certificate.endpoints.ts';
import { companyEndpoints } from './company.endpoints.ts';
import { constructionEndpoints } from './construction.endpoints.ts';
import { diskEndpoints } from './disk.endpoints.ts';
import { distributionEndpoints } from './distribution.endpoints.ts';
import { elementEndpoints } from './element.endpoints.ts';
import type { EndpointDef } from './endpoint.ts';
import { enterpriseInspectionEndpoints } from './enterprise-inspection.endpoints.ts';
import { evidenceReadingEndpoints } from './evidence-reading.endpoints.ts';
import { fileEndpoints } from './file.endpoints.ts';
import { governmentEndpoints } from './government.endpoints.ts';
import { homeEndpoints } from './home.endpoints.ts';
import { ledgerEndpoints } from './ledger.endpoints.ts';
import { listingEndpoints } from './listing.endpoints.ts';
import { messageEndpoints } from './message.endpoints.ts';
import { organizationEndpoints } from './organization.endpoints.ts';
import { procurementEndpoints } from './procurement.endpoints.ts';
import { productEndpoints } from './product.endpoints.ts';
import { projectEndpoints } from './project.endpoints.ts';
import { publicRecordEndpoints } from './public-record.endpoints.ts';
import { referenceEndpoints } from './reference.endpoints.ts';
import { revisionEndpoints } from './revision.endpoints.ts';
import { samplingEndpoints } from './sampling.endpoints.ts';
import { systemEndpoints } from './system.endpoints.ts';
import { traceEndpoints } from './trace.endpoints.ts';

/**
 * Every declared endpoint, by module: the server's robustness and cross-organisation suites iterate this table,
 * and a test checks that the server registers each one. A new module adds one line.
 */
export const endpointsByModule: Record<string, Record<string, EndpointDef>> = {
  account: accountEndpoints,
  auth: authEndpoints,
  'basic-material': basicMaterialEndpoints,
  'business-card': businessCardEndpoints,
  catalogue: catalogueEndpoints,
  certificate: certificateEndpoints,
  company: companyEndpoints,
  construction: constructionEndpoints,
  disk: diskEndpoints,
  distribution: distributionEndpoints,
  element: elementEndpoints,
  'enterprise-inspection': enterpriseInspectionEndpoints,
  'evidence-reading': evidenceReadingEndpoints,
  government: governmentEndpoints,
  home: homeEndpoints,
  file: fileEndpoints,
  ledger: ledgerEndpoints,
  listing: listingEndpoints,
  message: messageEndpoints,
  organization: organizationEndpoints,
  procurement: procurementEndpoints,
  product: productEndpoints,
  reference: referenceEndpoints,
  revision: revisionEndpoints,
  sampling: samplingEndpoints,
  system: systemEndpoints,
  project: projectEndpoints,
  'public-record': publicRecordEndpoints,
  trace: traceEndpoints,
};

/** Every declared endpoint with its module and name. */
export function allEndpoints(): { module: string; name: string; endpoint: EndpointDef }[] {
  return Object.entries(endpointsByModule).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ module, name, endpoint })),
  );
}
