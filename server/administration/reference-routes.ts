import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { DivisionAdminService } from './organisation-service.ts';
import type { CaseRequestAdminService } from './case-requests-service.ts';
import type { SettingsService } from './settings-service.ts';

interface Options {
  divisions: DivisionAdminService;
  caseRequests: CaseRequestAdminService;
  settings: SettingsService;
  sessions: Sessions;
}

/** The admin's reference data, and the public list of the languages offered. */
export const adminRoutes: FastifyPluginAsync<Options> = async (app, { divisions, caseRequests, settings, sessions }) => {
  const route = callRoutes(app, sessions);
  const saved = (id: string) => ({ ...messageBody('referenceSaved'), id });

  route(calls.adminListDivisions, async () => {
    const [tree, requests] = await Promise.all([divisions.divisions(), caseRequests.caseRequests()]);
    return {
      divisions: tree.map((division) => ({ ...division, case_requests: requests.filter((request) => request.division_id === division.id) })),
    };
  });
  route(calls.adminSaveDivision, async (request) => saved(await divisions.saveDivision(request.session, request.body)));
  route(calls.adminSaveDirectorate, async (request) => saved(await divisions.saveDirectorate(request.session, request.body)));
  route(calls.adminSaveTeam, async (request) => saved(await divisions.saveTeam(request.session, request.body)));
  route(calls.adminSaveCaseRequest, async (request) => saved(await caseRequests.saveCaseRequest(request.session, request.body)));
  route(calls.adminSaveLetterTemplate, async (request) =>
    saved(await caseRequests.saveLetterTemplate(request.session, request.params.id, request.body)));
  route(calls.adminSaveQuestion, async (request) => saved(await caseRequests.saveQuestion(request.session, request.body)));
  route(calls.adminDeleteQuestion, async (request) => {
    await caseRequests.deleteQuestion(request.session, request.params.id);
    return messageBody('questionDeleted');
  });

  route(calls.adminListHolidays, async () => ({ holidays: await settings.holidays() }));
  route(calls.adminSaveHoliday, async (request) => ({ ...messageBody('referenceSaved'), holiday: await settings.saveHoliday(request.session, request.body) }));
  route(calls.adminDeleteHoliday, async (request) => {
    await settings.deleteHoliday(request.session, request.params.id);
    return messageBody('holidayDeleted');
  });

  route(calls.getLanguages, async () => ({ languages: await settings.languages() }));
  route(calls.adminSaveLanguages, async (request) => ({
    ...messageBody('referenceSaved'),
    languages: await settings.saveLanguages(request.session, request.body.languages),
  }));
};
