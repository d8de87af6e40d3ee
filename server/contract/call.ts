import type { Static, TObject, TSchema } from 'typebox';
import { endpoints, type CallName, type Endpoints } from './endpoints.ts';

/** An upload form (multipart/form-data): its text fields and its one file part. */
export interface FormSpec {
  fields: TObject;
  file: { name: string; description: string };
}

/** What a call takes and answers, beside its endpoint. */
export interface CallSpec {
  summary: string;
  description?: string;
  params?: TObject;
  query?: TObject;
  /** A JSON body. */
  body?: TSchema;
  /** A multipart body; its fields are read by server/files/multipart.ts, not by Fastify's validator. */
  form?: FormSpec;
  /** By status: the success and every refusal the call may answer. */
  responses: Record<number, TSchema>;
}

/** The names of a Fastify path's parameters: '/a/:id/:token' → 'id' | 'token'. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A spec whose params name exactly its path's parameters, or an error naming the call. */
type Checked<N extends CallName, S> = [PathParamNames<Endpoints[N]['path']>] extends [never]
  ? S extends { params: TObject } ? `${N}: its path has no parameters` : S
  : S extends { params: TObject<infer P> }
    ? [keyof P] extends [PathParamNames<Endpoints[N]['path']>]
      ? [PathParamNames<Endpoints[N]['path']>] extends [keyof P] ? S : `${N}: params must be ${PathParamNames<Endpoints[N]['path']>}`
      : `${N}: params must be ${PathParamNames<Endpoints[N]['path']>}`
    : `${N}: params must be ${PathParamNames<Endpoints[N]['path']>}`;

export type Call<N extends CallName = CallName, S = CallSpec> = Endpoints[N] &
  S & { operationId: N; tags: [string] };

/**
 * One feature's calls, keyed by operationId: each gets its method, path and auth from
 * ./endpoints.ts and the feature's tag, and a params schema that names exactly the
 * path's `:parameters` (a renamed path or parameter fails the typecheck).
 */
export function defineCalls<const Specs extends { [N in CallName]?: CallSpec }>(
  tag: string,
  specs: { [N in keyof Specs]: N extends CallName ? Checked<N, Specs[N]> : never },
): { [N in keyof Specs & CallName]: Call<N, Specs[N]> } {
  return Object.fromEntries(
    Object.entries(specs as Record<CallName, CallSpec>).map(([name, spec]) => [
      name,
      { ...endpoints[name as CallName], ...spec, operationId: name, tags: [tag] },
    ]),
  ) as never;
}

type Responses<C> = C extends { responses: infer R } ? R : never;
type SuccessStatus<C> = Extract<keyof Responses<C>, 200 | 201 | 202 | 204>;

/** The body of a call's success (2xx) answer. */
export type Success<C> = Static<Responses<C>[SuccessStatus<C>] & TSchema>;
/** The body of any answer a call declares (what a handler may return). */
export type Answer<C> = { [S in keyof Responses<C>]: Static<Responses<C>[S] & TSchema> }[keyof Responses<C>];
export type ParamsOf<C> = C extends { params: infer P extends TSchema } ? Static<P> : undefined;
export type QueryOf<C> = C extends { query: infer Q extends TSchema } ? Static<Q> : undefined;
export type BodyOf<C> = C extends { body: infer B extends TSchema } ? Static<B> : undefined;
/** The text fields of an upload form. */
export type FormFieldsOf<C> = C extends { form: { fields: infer F extends TSchema } } ? Static<F> : never;

/** The names of an upload form's text fields, for the multipart receiver. */
export function formFieldNames<F extends TObject>(form: { fields: F }): (keyof Static<F> & string)[] {
  return Object.keys(form.fields.properties) as (keyof Static<F> & string)[];
}

/** The status a call answers on success: 201 for those that create, else 200. */
export function successStatus(call: CallSpec): number {
  return Number(Object.keys(call.responses).find((status) => Number(status) < 300) ?? 200);
}
