import { recordAudit } from '../audit/audit-log.ts';
import { checkedNames, refuse } from './names.ts';
import type { DirectorateDraft, DivisionDraft, TeamDraft } from '../contract/administration-calls.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { DivisionAdminStore } from './organisation-store.ts';

/**
 * The admin's saves of divisions, directorates and teams: each checked, then
 * written with its audit entry (before → after) in one transaction, or not at all.
 */
export function createDivisionAdminService(store: DivisionAdminStore, clock: () => number) {
  const audit = (session: SessionClaims, subjectType: 'division' | 'directorate' | 'team', id: string, before: unknown, after: unknown) =>
    ({ actorId: session.id, actorRole: session.role, action: `${before ? 'save' : 'create'}_${subjectType}`, subjectType, subjectId: id, before: before ?? undefined, after, at: new Date(clock()) });

  return {
    divisions: () => store.divisions(),

    saveDivision: (session: SessionClaims, draft: DivisionDraft) =>
      store.transaction(async (tx) => {
        const fields = { ...checkedNames(draft, 'name'), ...checkedNames(draft, 'description', 'referenceNamesRequired', false), status: draft.status, special: draft.special };
        const before = draft.id ? await store.lockedDivision(tx, draft.id) : undefined;
        if (draft.id && !before) throw notFound('divisionNotFound');
        const id = draft.id ?? (await store.insert(tx, 'division', fields));
        if (before) await store.update(tx, 'division', id, fields);
        await recordAudit(tx, audit(session, 'division', id, before, fields));
        return id;
      }),

    saveDirectorate: (session: SessionClaims, draft: DirectorateDraft) =>
      store.transaction(async (tx) => {
        const fields = { division_id: draft.division_id, ...checkedNames(draft, 'name'), status: draft.status };
        const before = draft.id ? await store.lockedDirectorate(tx, draft.id) : undefined;
        if (draft.id && !before) throw notFound();
        if (before && before.division_id !== fields.division_id) throw new ApiError(409, 'referenceParentFixed');
        if (!(await store.lockedDivision(tx, fields.division_id))) throw refuse('referenceDivisionUnknown');
        const id = draft.id ?? (await store.insert(tx, 'directorate', fields));
        if (before) await store.update(tx, 'directorate', id, fields);
        await recordAudit(tx, audit(session, 'directorate', id, before, fields));
        return id;
      }),

    saveTeam: (session: SessionClaims, draft: TeamDraft) =>
      store.transaction(async (tx) => {
        const fields = { directorate_id: draft.directorate_id, ...checkedNames(draft, 'name'), status: draft.status };
        const before = draft.id ? await store.lockedTeam(tx, draft.id) : undefined;
        if (draft.id && !before) throw notFound();
        if (before && before.directorate_id !== fields.directorate_id) throw new ApiError(409, 'referenceParentFixed');
        if (!(await store.lockedDirectorate(tx, fields.directorate_id))) throw refuse('referenceDirectorateUnknown');
        const id = draft.id ?? (await store.insert(tx, 'team', fields));
        if (before) await store.update(tx, 'team', id, fields);
        await recordAudit(tx, audit(session, 'team', id, before, fields));
        return id;
      }),
  };
}
export type DivisionAdminService = ReturnType<typeof createDivisionAdminService>;
