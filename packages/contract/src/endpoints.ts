import { basicMaterialEndpoints } from './basic-material.endpoints.ts';
import { catalogueEndpoints } from './catalogue.endpoints.ts';
import { certificateEndpoints } from './certificate.endpoints.ts';
import { elementEndpoints } from './element.endpoints.ts';
import type { EndpointDef } from './endpoint.ts';
import { ledgerEndpoints } from './ledger.endpoints.ts';
import { listingEndpoints } from './listing.endpoints.ts';
import { messageEndpoints } from './message.endpoints.ts';
import { productEndpoints } from './product.endpoints.ts';
import { revisionEndpoints } from './revision.endpoints.ts';
import { samplingEndpoints } from './sampling.endpoints.ts';

/**
 * Every declared endpoint, by module: the server's robustness and cross-organisation suites iterate this table,
 * and a test checks that the server registers each one. A new module adds one line.
 */
export const endpointsByModule: Record<string, Record<string, EndpointDef>> = {
  certificate: certificateEndpoints,
  ledger: ledgerEndpoints,
  listing: listingEndpoints,
  message: messageEndpoints,
  revision: revisionEndpoints,
  'basic-material': basicMaterialEndpoints,
  catalogue: catalogueEndpoints,
  element: elementEndpoints,
  product: productEndpoints,
  sampling: samplingEndpoints,
};

/** Every declared endpoint with its module and name. */
export function allEndpoints(): { module: string; name: string; endpoint: EndpointDef }[] {
  return Object.entries(endpointsByModule).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ module, name, endpoint })),
  );
}
