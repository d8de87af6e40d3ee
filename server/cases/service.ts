import type { Readable } from 'node:stream';
import type { Case, CaseListResponse, CaseStatus } from '../contract/cases.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { FileStorage } from '../files/storage.ts';
import { renderCasePdf, type Bilingual } from '../pdf/case-pdf.ts';
import { checkAnswers, checkRemark, isUuid, optionalField, parseForm } from './application.ts';
import { normaliseCaseNumber } from './case-number.ts';
import type { CaseRequestStore } from './case-request-store.ts';
import { maskCase } from './masking.ts';
import type { PrintLinks } from './print-links.ts';
import type { CaseFilters, CaseStore, OwnedCase, Receipt } from './store.ts';

export const CASES_PER_PAGE = 10;
const STATUSES = new Set<string>(['pending', 'ongoing', 'responded', 'verified', 'rejected']);

/** The multipart fields of create_case (SPEC section 7), as received. */
export interface ApplicationFields {
  division?: string;
  caselist?: string;
  form?: string;
  remark?: string;
  related_case_id?: string;
}

export interface ListQuery {
  page?: number;
  sort?: -1 | 1;
  status?: string;
  case_number?: string;
  phone_number?: string;
  firstname?: string;
}

interface Dependencies {
  cases: CaseStore;
  caseRequests: CaseRequestStore;
  printLinks: PrintLinks;
  storage: FileStorage;
}

const refuse = (key: MessageKey, detail?: string) => new ApiError(400, key, detail);

/** Drops the owner id, which only the server's checks need. */
function forReader({ ownerId: _owner, ...record }: OwnedCase): Case {
  return record;
}

/** The case rules of SPEC sections 4 to 7, with no HTTP in them. Every read is the customer's own. */
export function createCaseService({ cases, caseRequests, printLinks, storage }: Dependencies) {
  /** Which division and case request an application is for, or the first reason it cannot be. */
  async function chosenCaseRequest(fields: ApplicationFields): Promise<{ divisionId: string; caseRequestId: string }> {
    const divisionId = optionalField(fields.division);
    if (!divisionId) throw refuse('caseDivisionRequired', 'division');
    const division = isUuid(divisionId) ? await caseRequests.divisionForApplication(divisionId) : undefined;
    if (!division) throw refuse('caseDivisionUnknown', 'division');
    if (division.status !== 'active') throw refuse('caseDivisionInactive', 'division');
    if (division.special !== 'no') throw refuse('caseDivisionNotOffered', 'division');

    const caseRequestId = optionalField(fields.caselist);
    if (!caseRequestId) throw refuse('caseRequestRequired', 'caselist');
    const caseRequest = isUuid(caseRequestId) ? await caseRequests.caseRequestForApplication(caseRequestId) : undefined;
    if (!caseRequest) throw refuse('caseRequestUnknown', 'caselist');
    if (caseRequest.status !== 'active') throw refuse('caseRequestInactive', 'caselist');
    if (caseRequest.divisionId !== divisionId.toLowerCase()) throw refuse('caseRequestWrongDivision', 'caselist');
    return { divisionId: divisionId.toLowerCase(), caseRequestId: caseRequestId.toLowerCase() };
  }

  /** A related case must be one of the customer's own; someone else's is refused like an unknown one. */
  async function relatedCase(customerId: string, value: string | undefined): Promise<string | null> {
    const given = optionalField(value);
    if (!given) return null;
    const caseNumber = normaliseCaseNumber(given);
    const id = isUuid(given)
      ? await cases.ownCaseId(customerId, { id: given })
      : caseNumber ? await cases.ownCaseId(customerId, { caseNumber }) : undefined;
    if (!id) throw refuse('relatedCaseUnknown', 'related_case_id');
    return id;
  }

  async function ownCase(customerId: string, id: string): Promise<OwnedCase> {
    const record = await cases.caseById(id);
    if (!record || record.ownerId !== customerId) throw notFound('caseNotFound');
    return record;
  }

  /** Answers for a printout: a select's option text in English and Amharic, anything else as typed. */
  async function printedAnswers(caseId: string) {
    const rows = await cases.printedAnswers(caseId);
    return rows.map(({ question, answer, option }) => ({
      question: { en: question[0], am: question[1] } satisfies Bilingual,
      answer: (option ? { en: option[0], am: option[1] } : { en: answer }) satisfies Bilingual,
    }));
  }

  return {
    /**
     * Files a new case. The attachment is already stored (it streams in before the fields
     * that may follow it); the caller removes it when this refuses. A repeated
     * Idempotency-Key answers the first receipt and stores nothing.
     */
    async apply(
      customerId: string,
      fields: ApplicationFields,
      attachment: string | null,
      idempotencyKey: string | null,
    ): Promise<Receipt & { repeated: boolean }> {
      if (idempotencyKey) {
        const first = await cases.receiptFor(customerId, idempotencyKey);
        if (first) return { ...first, repeated: true };
      }
      const { divisionId, caseRequestId } = await chosenCaseRequest(fields);
      const answers = checkAnswers(await caseRequests.questionRules(caseRequestId), parseForm(fields.form));
      const remark = checkRemark(fields.remark);
      const relatedCaseId = await relatedCase(customerId, fields.related_case_id);
      const receipt = await cases.createCase({
        customerId, divisionId, caseRequestId, relatedCaseId, remark, attachment, answers, idempotencyKey,
      });
      if (receipt) return { ...receipt, repeated: false };
      // Two sends of one outbox item raced; the other one stored it.
      const first = idempotencyKey ? await cases.receiptFor(customerId, idempotencyKey) : undefined;
      if (!first) throw new Error('case insert conflicted without an earlier case');
      return { ...first, repeated: true };
    },

    /** One page of the customer's cases; the page is clamped to 1..totalPages, and there is always one page. */
    async list(customerId: string, query: ListQuery): Promise<CaseListResponse> {
      const status = optionalField(query.status);
      if (status && !STATUSES.has(status)) throw refuse('caseStatusInvalid', 'status');
      const filters: CaseFilters = {
        status: status as CaseStatus | undefined,
        caseNumber: optionalField(query.case_number)?.toUpperCase(),
        phone: optionalField(query.phone_number),
        firstname: optionalField(query.firstname),
      };
      const total = await cases.countCases(customerId, filters);
      const totalPages = Math.max(1, Math.ceil(total / CASES_PER_PAGE));
      const currentPage = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), totalPages);
      const rows = total === 0 ? [] : await cases.pageOfCases(customerId, filters, query.sort === 1, CASES_PER_PAGE, (currentPage - 1) * CASES_PER_PAGE);
      return { cases: rows, currentPage, totalPages };
    },

    summary: (customerId: string) => cases.summary(customerId),

    caseNumbers: (customerId: string) => cases.caseNumbersOf(customerId),

    async allCases(customerId: string): Promise<Case[]> {
      return (await cases.casesOf(customerId)).map(forReader);
    },

    async caseById(customerId: string, id: string): Promise<Case> {
      return forReader(await ownCase(customerId, id));
    },

    /** The public status check: the owner sees everything, anyone else the masked case. */
    async lookup(viewerId: string | undefined, typed: string): Promise<Case> {
      const caseNumber = normaliseCaseNumber(typed);
      if (!caseNumber) throw refuse('caseNumberInvalid', 'casenum');
      const record = await cases.caseByNumber(caseNumber);
      if (!record) throw notFound('caseNotFound');
      return record.ownerId === viewerId ? forReader(record) : maskCase(forReader(record));
    },

    /** A print name for the case: full for its owner, masked for anyone else (never more than the status check shows). */
    async printName(viewerId: string | undefined, caseId: string): Promise<string> {
      const owner = await cases.caseOwner(caseId);
      if (!owner) throw notFound('caseNotFound');
      return printLinks.name(caseId, owner === viewerId ? 'full' : 'masked');
    },

    /** Draws the printout a print name stands for. */
    async renderPrint(name: string): Promise<{ pdf: Buffer; caseNumber: string }> {
      const link = printLinks.verify(name);
      if (!link) throw notFound('printLinkInvalid');
      const stored = await cases.caseById(link.caseId);
      if (!stored) throw notFound('caseNotFound');
      const full = link.mode === 'full';
      const record = full ? forReader(stored) : maskCase(forReader(stored));
      const answers = full ? await printedAnswers(stored._id) : [];
      return { pdf: await renderCasePdf({ record, answers, generatedAt: new Date() }), caseNumber: record.case_number };
    },

    /** A stored PDF of one of the customer's cases (their attachment or the response), or undefined. */
    async openCaseFile(customerId: string, file: string): Promise<{ stream: Readable; size: number; downloadName: string } | undefined> {
      const owned = await cases.caseOfFile(customerId, file);
      const opened = owned ? storage.open('case-files', file) : undefined;
      if (!owned || !opened) return undefined;
      const downloadName = `${owned.caseNumber}${owned.response ? '-response' : '-attachment'}.pdf`;
      return { ...opened, downloadName };
    },

    history: (customerId: string) => cases.history(customerId),
  };
}
export type CaseService = ReturnType<typeof createCaseService>;
