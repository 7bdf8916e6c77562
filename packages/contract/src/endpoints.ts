import { authEndpoints } from './auth.endpoints.ts';
import { companyEndpoints } from './company.endpoints.ts';
import type { EndpointDef } from './endpoint.ts';
import { fileEndpoints } from './file.endpoints.ts';
import { messageEndpoints } from './message.endpoints.ts';
import { organizationEndpoints } from './organization.endpoints.ts';
import { referenceEndpoints } from './reference.endpoints.ts';
import { systemEndpoints } from './system.endpoints.ts';

/**
 * Every declared endpoint, by module: the server's robustness and cross-organisation suites iterate this table,
 * and a test checks that the server registers each one. A new module adds one line.
 */
export const endpointsByModule: Record<string, Record<string, EndpointDef>> = {
  auth: authEndpoints,
  company: companyEndpoints,
  file: fileEndpoints,
  message: messageEndpoints,
  organization: organizationEndpoints,
  reference: referenceEndpoints,
  system: systemEndpoints,
};

/** Every declared endpoint with its module and name. */
export function allEndpoints(): { module: string; name: string; endpoint: EndpointDef }[] {
  return Object.entries(endpointsByModule).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ module, name, endpoint })),
  );
}
