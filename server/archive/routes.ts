import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { ArchiveService } from './service.ts';
import type { BulkResults } from '../contract/bulk-moves.ts';

interface Options {
  service: ArchiveService;
  /** Filing a case is one of its moves, which casework makes (state, version, history, audit). */
  fileCase: (session: SessionClaims, caseId: string, categoryId: string) => Promise<{ status: string }>;
  /** Several filed at once, each as fileCase files it, one result per case. */
  fileCases: (session: SessionClaims, caseIds: readonly string[], categoryId: string) => Promise<BulkResults>;
  /** A filing corrected within its window: a move too. */
  refileCase: (session: SessionClaims, caseId: string, categoryId: string, reason: string) => Promise<{ status: string }>;
  sessions: Sessions;
}

/** The archive: archivists (and admins) file closed cases under categories and search what is filed. */
export const archiveRoutes: FastifyPluginAsync<Options> = async (app, { service, fileCase, fileCases, refileCase, sessions }) => {
  const route = callRoutes(app, sessions);
  route(calls.staffArchiveCase, async (request) => ({
    ...messageBody('caseArchived'),
    ...(await fileCase(request.session, request.params.id, request.body.category)),
  }));
  route(calls.staffBulkArchiveCases, (request) => fileCases(request.session, request.body.case_ids, request.body.category));
  route(calls.staffRefileCase, async (request) => ({
    ...messageBody('caseRefiled'),
    ...(await refileCase(request.session, request.params.id, request.body.category, request.body.reason)),
  }));
  route(calls.staffListArchivedCases, (request) => service.archivedCases(request.query));
  route(calls.staffListArchivalCategories, () => service.archivalCategories());
  route(calls.staffSaveArchivalCategory, async (request) => ({
    ...messageBody('archivalCategorySaved'),
    ...(await service.saveArchivalCategory(request.session, request.body)),
  }));
};
