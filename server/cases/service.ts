import type { Readable } from 'node:stream';
import type { Case, CaseListResponse, CaseLookup, CaseStatus } from '../contract/cases.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { FileStorage } from '../files/storage.ts';
import { renderCasePdf, type Bilingual } from '../pdf/case-pdf.ts';
import { checkAnswers, checkRemark, isUuid, optionalField, parseForm } from './application.ts';
import { normaliseCaseNumber } from './case-number.ts';
import type { CaseRequestStore } from './case-request-store.ts';
import { checkSameRequest } from '../web/idempotency-key.ts';
import { publicStatus } from './masking.ts';
import type { PrintLinks } from './print-links.ts';
import type { CaseFilters, CaseStore, OwnedCase, Receipt } from './store.ts';

export const CASES_PER_PAGE = 10;
const STATUSES = new Set<string>(['pending', 'ongoing', 'responded', 'verified', 'rejected', 'waiting_customer', 'under_review', 'withdrawn']);

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
  /** When a case of this case request filed then becomes late (casework-due-dates.ts). */
  dueAt: (caseRequestId: string, filedAt: Date) => Promise<Date>;
}

const refuse = (key: MessageKey, detail?: string) => new ApiError(400, key, detail);

/** Drops the owner id, which only the server's checks need. */
function forReader({ ownerId: _owner, ...record }: OwnedCase): Case {
  return record;
}

/** The case rules of SPEC sections 4 to 7, with no HTTP in them. Every read is the customer's own. */
export function createCaseService({ cases, caseRequests, printLinks, storage, dueAt }: Dependencies) {
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
      idempotency: { key: string; fingerprint: string } | null,
    ): Promise<Receipt & { repeated: boolean }> {
      const idempotencyKey = idempotency?.key ?? null;
      // A repeat answers the first receipt, but only for the same request (422 otherwise).
      const firstReceipt = async () => {
        const first = idempotency ? await cases.receiptFor(customerId, idempotency.key) : undefined;
        if (first) checkSameRequest(first.fingerprint, idempotency!.fingerprint);
        return first && { id: first.id, caseNumber: first.caseNumber, repeated: true };
      };
      const earlier = await firstReceipt();
      if (earlier) return earlier;
      const { divisionId, caseRequestId } = await chosenCaseRequest(fields);
      const answers = checkAnswers(await caseRequests.questionRules(caseRequestId), parseForm(fields.form));
      const remark = checkRemark(fields.remark);
      const relatedCaseId = await relatedCase(customerId, fields.related_case_id);
      const receipt = await cases.createCase({
        customerId, divisionId, caseRequestId, relatedCaseId, remark, attachment, answers, idempotencyKey,
        idempotencyFingerprint: idempotency?.fingerprint ?? null, dueAt: await dueAt(caseRequestId, new Date()),
      }, (tx) => storage.claim(tx, 'case-files', attachment));
      if (receipt) return { ...receipt, repeated: false };
      // Two sends of one outbox item raced; the other one stored it.
      const first = await firstReceipt();
      if (!first) throw new Error('case insert conflicted without an earlier case');
      return first;
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
      return cases.pageOfCases(customerId, filters, query.sort === 1, CASES_PER_PAGE, Math.trunc(query.page ?? 1));
    },

    summary: (customerId: string) => cases.summary(customerId),

    caseNumbers: (customerId: string) => cases.caseNumbersOf(customerId),

    async allCases(customerId: string): Promise<Case[]> {
      return (await cases.casesOf(customerId)).map(forReader);
    },

    async caseById(customerId: string, id: string): Promise<Case> {
      return forReader(await ownCase(customerId, id));
    },

    /** A case as SPEC section 3 shapes it, whoever owns it, a response not yet approved included: for staff, whose service decides who may read it. */
    async caseAsFiled(id: string): Promise<Case | undefined> {
      const found = await cases.staffCaseById(id);
      if (!found) return undefined;
      const { ownerId: _owner, ...shaped } = found;
      return shaped;
    },

    /** The status check: the signed-in owner gets the whole case, anyone else only its public status. */
    async lookup(viewerId: string | undefined, typed: string): Promise<CaseLookup> {
      const caseNumber = normaliseCaseNumber(typed);
      if (!caseNumber) throw refuse('caseNumberInvalid', 'casenum');
      // The public fields first (issue 13: most lookups are a visitor's); the whole case only for its owner.
      const record = await cases.publicCaseByNumber(caseNumber);
      if (!record) throw notFound('caseNotFound');
      if (viewerId && record.ownerId === viewerId) {
        const whole = await cases.caseByNumber(caseNumber);
        if (whole) return forReader(whole);
      }
      return publicStatus(record, printLinks.name({ mode: 'masked', caseNumber: record.case_number }));
    },

    /**
     * A print name for the whole case, for its owner only: a case id opens nothing for anyone
     * else (404, as an unknown one). A visitor's printout comes with the status check instead.
     */
    async printName(viewerId: string | undefined, caseId: string): Promise<string> {
      const owner = await cases.caseOwner(caseId);
      if (!owner || owner !== viewerId) throw notFound('caseNotFound');
      return printLinks.name({ mode: 'full', caseId });
    },

    /** Draws the printout a print name stands for: the whole case, or its public status. */
    async renderPrint(name: string): Promise<{ pdf: Buffer; caseNumber: string }> {
      const copy = printLinks.verify(name);
      if (!copy) throw notFound('printLinkInvalid');
      const stored = copy.mode === 'full' ? await cases.caseById(copy.caseId) : await cases.caseByNumber(copy.caseNumber);
      if (!stored) throw notFound('caseNotFound');
      const printout = copy.mode === 'full'
        ? { record: forReader(stored), answers: await printedAnswers(stored._id) }
        : { record: publicStatus(stored, name), answers: [] };
      return { pdf: await renderCasePdf({ ...printout, generatedAt: new Date() }), caseNumber: stored.case_number };
    },

    /** A stored PDF of one of the customer's cases (their attachment or the response), or undefined. */
    async openCaseFile(customerId: string, file: string): Promise<{ stream: Readable; size: number; downloadName: string } | undefined> {
      const owned = await cases.caseOfFile(customerId, file);
      const opened = owned ? await storage.open('case-files', file) : undefined;
      if (!owned || !opened) return undefined;
      const downloadName = `${owned.caseNumber}${owned.response ? '-response' : '-attachment'}.pdf`;
      return { ...opened, downloadName };
    },

    history: (customerId: string) => cases.history(customerId),
  };
}
export type CaseService = ReturnType<typeof createCaseService>;
