import { Type } from 'typebox';
import { defineCalls } from './call.ts';

/** For load balancers and orchestrators (README "Health and metrics"). */
export const healthCalls = defineCalls('operations', {
  getHealth: {
    summary: 'The process answers',
    responses: { 200: Type.Object({ status: Type.Literal('ok') }) },
  },
  getReadiness: {
    summary: 'Every dependency is usable',
    responses: {
      200: Type.Object({ status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]), checks: Type.Record(Type.String(), Type.String()) }),
      503: Type.Object({ status: Type.Literal('not ready'), checks: Type.Record(Type.String(), Type.String()) }),
    },
  },
});
