import type { OutboxItem } from '../../outbox/outbox.ts';
import type { Question } from './api.ts';

/** What the apply form holds while the customer fills it in. */
export interface Application {
  divisionId: string;
  caseRequestId: string;
  relatedCaseId: string;
  /** SPEC section 5: answers are kept per question id and replaced on edit. */
  answers: Record<string, string>;
  remark: string;
  file?: File;
}

export const EMPTY_APPLICATION: Application = { divisionId: '', caseRequestId: '', relatedCaseId: '', answers: {}, remark: '' };

/** A change to the form, made from the event at once and applied to the latest state. */
export type Change = (application: Application) => Application;

/** Another division has other case requests: the request and its answers start again. */
export const chooseDivision = (divisionId: string): Change => (application) => ({
  ...application,
  divisionId,
  caseRequestId: '',
  answers: {},
});

/** Another case request asks other questions: its answers start again. */
export const chooseCaseRequest = (caseRequestId: string): Change => (application) => ({
  ...application,
  caseRequestId,
  answers: {},
});

export const answer = (questionId: string, value: string): Change => (application) => ({
  ...application,
  answers: { ...application.answers, [questionId]: value },
});

/** The fields that change nothing else. */
export const change = <Name extends 'relatedCaseId' | 'remark' | 'file'>(name: Name, value: Application[Name]): Change => (application) => ({
  ...application,
  [name]: value,
});

/**
 * The form fields create_case receives (SPEC section 7). The answers go as a JSON list of
 * single-entry maps keyed by question id: only the shown questions' (an answer left from
 * another request is not sent), trimmed, blank ones left out.
 */
export function applicationFields(application: Application, shownQuestions: Pick<Question, '_id'>[]): Record<string, string> {
  const { answers } = application;
  const form = shownQuestions.filter((q) => answers[q._id]?.trim()).map((q) => ({ [q._id]: answers[q._id].trim() }));
  const fields: Record<string, string> = {
    division: application.divisionId,
    caselist: application.caseRequestId,
    form: JSON.stringify(form),
    remark: application.remark,
  };
  if (application.relatedCaseId) fields.related_case_id = application.relatedCaseId;
  return fields;
}

/** A refused application back from the outbox ("Edit and resend"), as the form holds it. */
export function applicationFromOutbox(item: Pick<OutboxItem, 'fields' | 'file'>): Application {
  const saved = JSON.parse(item.fields.form || '[]') as Record<string, string>[];
  return {
    divisionId: item.fields.division ?? '',
    caseRequestId: item.fields.caselist ?? '',
    relatedCaseId: item.fields.related_case_id ?? '',
    answers: Object.assign({}, ...saved),
    remark: item.fields.remark ?? '',
    file: item.file && new File([item.file.blob], item.file.name, { type: 'application/pdf' }),
  };
}
