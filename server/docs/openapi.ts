import type { FastifyInstance, RouteOptions } from 'fastify';

type Schema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

/**
 * The OpenAPI document, made from the same TypeBox schemas the routes validate with
 * (DESIGN.md: one source of truth for API shapes), so a deployer or a third-party client
 * reads exactly what the server enforces. Served at /docs/openapi.json.
 */
export function openApiCollector(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.schema && !route.url.startsWith('/docs') && route.method !== 'HEAD') routes.push(route);
  });

  const parameters = (schema: unknown, place: 'path' | 'query') => {
    const { properties = {}, required = [] } = (schema ?? {}) as Schema;
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: place,
      required: place === 'path' || required.includes(name),
      schema: property,
    }));
  };

  return function document(version: string) {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of routes) {
      const schema = route.schema as Record<string, unknown>;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const multipart = (schema.consumes as string[] | undefined)?.includes('multipart/form-data');
      const responses = Object.fromEntries(
        Object.entries((schema.response ?? {}) as Record<string, unknown>).map(([status, body]) => [
          status,
          { description: Number(status) < 400 ? 'success' : 'refused, with Message_en … Message_af', content: { 'application/json': { schema: body } } },
        ]),
      );
      for (const method of ([] as string[]).concat(route.method)) {
        paths[path] = {
          ...paths[path],
          [method.toLowerCase()]: {
            parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
            ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema.body } } } } : {}),
            ...(multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } } } : {}),
            responses,
          },
        };
      }
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Housing Development Corporation — customer portal API', version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      paths,
    };
  };
}
