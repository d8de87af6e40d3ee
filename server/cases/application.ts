import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import { UUID } from '../contract/constants.ts';
import type { QuestionRule } from './case-request-store.ts';

export const REMARK_MAX_CHARS = 2000;
export const ANSWER_MAX_CHARS = 5000;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
// SPEC section 3: these two are typed in; any other input type picks one of the options.
const TYPED_INPUTS = new Set(['normal_input', 'text_area']);

export interface StoredAnswer {
  questionId: string;
  answer: string;
  position: number;
}

const refuse = (key: MessageKey, detail?: string) => new ApiError(400, key, detail);
const length = (text: string) => [...text].length;

export const isUuid = (text: string) => UUID.test(text);

/**
 * Reads the `form` field: a JSON list of single-entry maps, `[{"<questionId>": "answer"}, …]`
 * (SPEC section 7). Numbers are taken as typed; anything else is refused, as is a question
 * answered twice. An absent form is an empty one: required questions then say what is missing.
 */
export function parseForm(raw: string | undefined): Map<string, string> {
  const answers = new Map<string, string>();
  if (raw === undefined || raw.trim() === '') return answers;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw refuse('caseFormInvalid', 'form is not JSON');
  }
  if (!Array.isArray(list)) throw refuse('caseFormInvalid', 'form must be a list');
  for (const entry of list) {
    const pairs = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? Object.entries(entry) : [];
    if (pairs.length !== 1) throw refuse('caseFormInvalid', 'each form entry is one {"questionId": answer}');
    const [questionId, value] = pairs[0];
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
      throw refuse('caseFormInvalid', `answer to ${questionId} must be text or a number`);
    }
    if (answers.has(questionId.toLowerCase())) throw refuse('caseFormInvalid', `${questionId} answered twice`);
    answers.set(questionId.toLowerCase(), String(value).trim());
  }
  return answers;
}

const isSelect = (question: QuestionRule) => !TYPED_INPUTS.has(question.inputType) && question.options.length > 0;

/** A select's answer is one of its option ids, or an option's text in any language; the id is kept. */
function chosenOption(question: QuestionRule, answer: string): string | undefined {
  const wanted = answer.toLocaleLowerCase();
  const option = question.options.find(
    (candidate) => candidate.id === wanted || candidate.values.some((value) => value.trim().toLocaleLowerCase() === wanted),
  );
  return option?.id;
}

/**
 * Checks the answers against the questions of the chosen case request and gives the
 * rows to store, in question order. Empty answers to optional questions are not kept.
 */
export function checkAnswers(questions: QuestionRule[], given: Map<string, string>): StoredAnswer[] {
  const known = new Set(questions.map((question) => question.id));
  for (const questionId of given.keys()) {
    if (!known.has(questionId)) throw refuse('caseAnswerForeign', `question ${questionId} is not part of this case request`);
  }
  const stored: StoredAnswer[] = [];
  questions.forEach((question, position) => {
    const answer = given.get(question.id) ?? '';
    if (answer === '') {
      if (question.isRequired) throw refuse('caseAnswerRequired', `question ${question.id} is required`);
      return;
    }
    if (length(answer) > ANSWER_MAX_CHARS) throw refuse('caseAnswerTooLong', `question ${question.id}`);
    if (isSelect(question)) {
      const optionId = chosenOption(question, answer);
      if (!optionId) throw refuse('caseAnswerNotOption', `question ${question.id}`);
      stored.push({ questionId: question.id, answer: optionId, position });
      return;
    }
    if (question.dataType !== 'string' && !NUMBER.test(answer)) throw refuse('caseAnswerNotNumber', `question ${question.id}`);
    stored.push({ questionId: question.id, answer, position });
  });
  return stored;
}

export function checkRemark(remark: string | undefined): string {
  const text = (remark ?? '').trim();
  if (length(text) > REMARK_MAX_CHARS) throw refuse('caseRemarkTooLong', 'remark');
  return text;
}

/** An optional form field: clients send "", "null" or "undefined" for "none". */
export function optionalField(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  return text === '' || text === 'null' || text === 'undefined' ? undefined : text;
}
