import { recordAudit } from '../audit/audit-log.ts';
import { checkedNames, refuse } from './names.ts';
import type { CaseRequestDraft, LetterTemplateDraft, QuestionDraft } from '../contract/administration-calls.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { Row } from './case-requests-store.ts';
import { LETTER_TEMPLATES, type CaseRequestAdminStore } from './case-requests-store.ts';

const MAX_TARGET_WORKING_DAYS = 365;

/**
 * The admin's saves of case requests and their questions. History stays true:
 * what a filed case answered is never deleted, only switched off or moved, and the case
 * keeps the words it was filed with (case_answer's copy, migration 017).
 */
export function createCaseRequestAdminService(store: CaseRequestAdminStore, clock: () => number) {
  const audit = (session: SessionClaims, subjectType: 'case_request' | 'question', id: string, action: string, before?: unknown, after?: unknown) =>
    ({ actorId: session.id, actorRole: session.role, action, subjectType, subjectId: id, before, after, at: new Date(clock()) });

  return {
    caseRequests: () => store.caseRequests(),

    saveCaseRequest: (session: SessionClaims, draft: CaseRequestDraft) =>
      store.transaction(async (tx) => {
        const days = draft.target_working_days;
        if (!Number.isInteger(days) || days < 1 || days > MAX_TARGET_WORKING_DAYS) throw refuse('referenceTargetDaysInvalid');
        const before = draft.id ? await store.lockedCaseRequest(tx, draft.id) : undefined;
        if (draft.id && !before) throw notFound('caseRequestNotFound');
        // Its cases are filed under its division: moving it would split them from their kind.
        if (before && before.division_id !== draft.division_id) throw new ApiError(409, 'referenceParentFixed');
        if (!(await store.divisionExists(tx, draft.division_id))) throw refuse('referenceDivisionUnknown');
        if (draft.directorate_id && !(await store.directorateInDivision(tx, draft.directorate_id, draft.division_id))) {
          throw refuse('referenceDirectorateUnknown');
        }
        const fields: Row = {
          division_id: draft.division_id,
          directorate_id: draft.directorate_id,
          target_working_days: days,
          status: draft.status,
          position: draft.position ?? before?.position ?? (await store.nextCaseRequestPosition(tx, draft.division_id)),
          ...checkedNames(draft, 'case_name'),
        };
        const id = draft.id ?? (await store.insertCaseRequest(tx, fields));
        if (before) await store.updateCaseRequest(tx, id, fields);
        await recordAudit(tx, audit(session, 'case_request', id, before ? 'save_case_request' : 'create_case_request', before, fields));
        return id;
      }),

    /** A case request's response letter template (issue 25): part of the case request, audited as its change. */
    saveLetterTemplate: (session: SessionClaims, id: string, draft: LetterTemplateDraft) =>
      store.transaction(async (tx) => {
        const before = await store.lockedLetterTemplate(tx, id);
        if (!before) throw notFound('caseRequestNotFound');
        // Windows line ends from a pasted letter become the one the PDF's paragraphs split on.
        const fields: Row = Object.fromEntries(LETTER_TEMPLATES.map((column) => [column, draft[column as keyof LetterTemplateDraft].replace(/\r\n?/g, '\n').trim()]));
        await store.updateLetterTemplate(tx, id, fields);
        await recordAudit(tx, audit(session, 'case_request', id, 'save_case_request', before, fields));
        return id;
      }),

    saveQuestion: (session: SessionClaims, draft: QuestionDraft) =>
      store.transaction(async (tx) => {
        const before = draft.id ? await store.lockedQuestion(tx, draft.id) : undefined;
        if (draft.id && !before) throw notFound();
        if (before && before.case_request_id !== draft.case_request_id) throw new ApiError(409, 'referenceParentFixed');
        if (!before && !(await store.lockedCaseRequest(tx, draft.case_request_id))) throw refuse('referenceCaseRequestUnknown');
        const isSelect = draft.input_type === 'select';
        if (!isSelect && draft.options.length > 0) throw refuse('questionOptionsNotAllowed');
        const options = draft.options.map((option, position) => ({
          id: option.id,
          status: option.status ?? 'active',
          position,
          ...checkedNames(option, 'value', 'questionOptionsRequired'),
        }));
        if (isSelect && options.filter((option) => option.status === 'active').length < 2) throw refuse('questionOptionsRequired');

        const fields: Row = {
          case_request_id: draft.case_request_id,
          input_type: draft.input_type,
          data_type: draft.data_type,
          is_required: draft.is_required ? 'yes' : 'no',
          // Older clients send no flag: a question keeps whether the queue shows it.
          show_in_queue: draft.show_in_queue ?? before?.show_in_queue ?? false,
          status: draft.status,
          position: draft.position ?? before?.position ?? (await store.nextQuestionPosition(tx, draft.case_request_id)),
          ...checkedNames(draft, 'name'),
        };
        const id = draft.id ?? (await store.insertQuestion(tx, fields));
        const stored = before ? await store.options(tx, id) : [];
        if (before) await store.updateQuestion(tx, id, fields);

        // Options: those named are kept (in the order given), the rest removed unless a filed case chose them.
        const named = new Set(options.map((option) => option.id).filter(Boolean));
        const unknown = options.find((option) => option.id && !stored.some((row) => row.id === option.id));
        if (unknown) throw notFound();
        const dropped = stored.filter((row) => !named.has(row.id));
        if (dropped.some((row) => row.used)) throw new ApiError(409, 'questionOptionInUse');
        if (dropped.length) await store.deleteOptions(tx, dropped.map((row) => row.id));
        for (const { id: optionId, ...option } of options) {
          if (optionId) await store.updateOption(tx, optionId, option);
          else await store.insertOption(tx, id, option);
        }

        const { used: _used, ...beforeFields } = before ?? {};
        await recordAudit(
          tx,
          audit(session, 'question', id, before ? 'save_question' : 'create_question', before ? { ...beforeFields, options: stored.map(({ used: _u, ...row }) => row) } : undefined, {
            ...fields,
            options,
          }),
        );
        return id;
      }),

    /** Only a question no filed case answers may go; one that was answered is switched off instead (409). */
    deleteQuestion: (session: SessionClaims, id: string) =>
      store.transaction(async (tx) => {
        const before = await store.lockedQuestion(tx, id);
        if (!before) throw notFound();
        if (before.used) throw new ApiError(409, 'questionInUse');
        const options = await store.options(tx, id);
        if (options.some((option) => option.used)) throw new ApiError(409, 'questionInUse');
        await store.deleteQuestion(tx, id);
        const { used: _used, ...fields } = before;
        await recordAudit(tx, audit(session, 'question', id, 'delete_question', { ...fields, options }, undefined));
      }),
  };
}
export type CaseRequestAdminService = ReturnType<typeof createCaseRequestAdminService>;
