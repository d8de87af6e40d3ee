import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => unknown;

/**
 * Fastify's own schema compilers, kept for the whole process instead of made anew by each
 * server: building the app compiles a validator and a serializer for every route (about
 * 0.5 s of CPU, most of a test server's start), and the same schema always gives the same
 * function. Both are kept here by the text of their schema, the shared schemas and the
 * options (routes build their schemas afresh, so the objects differ between servers).
 * One portal builds one server, so this changes nothing for it; a test process builds
 * hundreds (API tests, second instances, restarts) and compiles each route once.
 */
function keptByText(factory: Factory): Factory {
  const compiled = new Map<string, unknown>();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const shared = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = `${shared}\u0000${JSON.stringify(route.schema)}`;
      if (!compiled.has(key)) compiled.set(key, compile(route));
      return compiled.get(key);
    };
  };
}

// Fastify types each factory on its own; both have this shape.
export const schemaCompilers = {
  buildValidator: keptByText(ValidatorSelector() as unknown as Factory),
  buildSerializer: keptByText(SerializerSelector() as unknown as Factory),
} as unknown as CompilersFactory;
