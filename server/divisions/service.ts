import type { Directorate, Division, Team } from '../contract/divisions.ts';
import { notFound } from '../errors/api-error.ts';
import type { DivisionStore } from './store.ts';

/** The organisation as the portal shows it (SPEC section 7): divisions, directorates, teams. */
export function createDivisionService(store: DivisionStore) {
  return {
    divisions: (): Promise<Division[]> => store.allDivisions(),

    async division(id: string): Promise<Division> {
      const division = await store.divisionById(id);
      if (!division) throw notFound('divisionNotFound');
      return division;
    },

    directorates: (): Promise<Directorate[]> => store.allDirectorates(),
    teams: (): Promise<Team[]> => store.allTeams(),
  };
}
export type DivisionService = ReturnType<typeof createDivisionService>;
