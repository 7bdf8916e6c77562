import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointKey, fillPath, pathParamNames, routerPath } from './endpoint.ts';
import { allEndpoints } from './endpoints.ts';

const declared = allEndpoints();

describe('endpoint declarations', () => {
  it('are declared at all', () => {
    expect(declared.length).toBeGreaterThan(0);
  });

  it.each(declared.map((d) => [`${d.module}.${d.name}`, d.endpoint] as const))(
    '%s: path parameters, query and body fit the method',
    (_, e) => {
      expect(e.path.startsWith('/')).toBe(true);
      const names = pathParamNames(e.path);
      const shape = e.params instanceof z.ZodObject ? Object.keys(e.params.shape) : [];
      expect(shape.sort()).toEqual([...names].sort());
      if (e.method === 'GET' || e.method === 'DELETE') expect(e.body).toBeUndefined();
      if ((e.method === 'POST' || e.method === 'PUT') && !e.upload) expect(e.query).toBeUndefined();
      if (e.upload) expect(e.method).toBe('POST');
      // A document outside the envelope is a read whose shape is its own standard's, not an envelope's data.
      if (e.envelope === false) expect([e.method, e.response]).toEqual(['GET', undefined]);
    },
  );

  it('are unique by method and path', () => {
    const keys = declared.map((d) => endpointKey(d.endpoint));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('paths', () => {
  it('fill and translate parameters', () => {
    expect(pathParamNames('/a/{id}/b/{uploadId}')).toEqual(['id', 'uploadId']);
    expect(fillPath('/a/{id}/b/{name}', { id: 7, name: '南京 / 1' })).toBe('/a/7/b/%E5%8D%97%E4%BA%AC%20%2F%201');
    expect(routerPath('/a/{id}/b/{uploadId}')).toBe('/a/:id/b/:uploadId');
    expect(() => fillPath('/a/{id}', {})).toThrow(/id/);
  });
});
