import type { EndpointDef } from './endpoint.ts';
import { messageEndpoints } from './message.endpoints.ts';
import { revisionEndpoints } from './revision.endpoints.ts';

/**
 * Every declared endpoint, by module: the server's robustness and cross-organisation suites iterate this table,
 * and a test checks that the server registers each one. A new module adds one line.
 */
export const endpointsByModule: Record<string, Record<string, EndpointDef>> = {
  message: messageEndpoints,
  revision: revisionEndpoints,
};

/** Every declared endpoint with its module and name. */
export function allEndpoints(): { module: string; name: string; endpoint: EndpointDef }[] {
  return Object.entries(endpointsByModule).flatMap(([module, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({ module, name, endpoint })),
  );
}
