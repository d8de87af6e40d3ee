import { describe, expect, it } from 'vitest';
import type { Question } from './api.ts';
import { answerText } from './answers.ts';
import {
  answer,
  applicationFields,
  applicationFromOutbox,
  change,
  chooseCaseRequest,
  chooseDivision,
  EMPTY_APPLICATION,
  type Application,
} from './application.ts';

const sixValues = (en: string, am: string) => ({ value_en: en, value_am: am, value_or: '', value_tg: '', value_sm: '', value_af: '' });
const question = (id: string, enumValues: Question['enumValues'] = []): Question => ({
  _id: id,
  caselist: { _id: 'request-1' },
  inputType: enumValues.length ? 'select' : 'normal_input',
  dataType: 'string',
  isRequired: 'no',
  enumValues,
  name_en: `Question ${id}`,
  name_am: '',
  name_or: '',
  name_tg: '',
  name_sm: '',
  name_af: '',
});

const filled: Application = {
  divisionId: 'division-1',
  caseRequestId: 'request-1',
  relatedCaseId: '',
  answers: { q1: 'B-12/045', q2: '3' },
  remark: 'Please call me in the morning.',
};

describe('answers in the apply form', () => {
  it('keeps one answer per question, the last one typed', () => {
    const application = [answer('q1', 'B-12'), answer('q2', '3'), answer('q1', 'B-12/045')].reduce(
      (current, next) => next(current),
      EMPTY_APPLICATION,
    );
    expect(application.answers).toEqual({ q1: 'B-12/045', q2: '3' });
  });

  it('starts the answers again when the division or the case request changes', () => {
    expect(chooseDivision('division-2')(filled)).toEqual({ ...filled, divisionId: 'division-2', caseRequestId: '', answers: {} });
    expect(chooseCaseRequest('request-2')(filled)).toEqual({ ...filled, caseRequestId: 'request-2', answers: {} });
  });

  it('changes the related case, the remark and the file without touching the answers', () => {
    const file = new File(['%PDF-1.4'], 'papers.pdf');
    const changed = [change('relatedCaseId', 'case-9'), change('remark', ''), change('file', file)].reduce((a, next) => next(a), filled);
    expect(changed).toEqual({ ...filled, relatedCaseId: 'case-9', remark: '', file });
  });
});

describe('applicationFields (what create_case receives)', () => {
  it('sends the answers as a JSON list of single-entry maps keyed by question id, trimmed, blanks left out', () => {
    const fields = applicationFields({ ...filled, answers: { q1: '  B-12/045 ', q2: '   ', q3: 'x' } }, [question('q1'), question('q2'), question('q3')]);
    expect(JSON.parse(fields.form)).toEqual([{ q1: 'B-12/045' }, { q3: 'x' }]);
  });

  it("leaves out answers to questions the chosen request does not ask", () => {
    expect(JSON.parse(applicationFields(filled, [question('q2')]).form)).toEqual([{ q2: '3' }]);
  });

  it('names division, case request and remark as SPEC section 7 does, and the related case only when chosen', () => {
    expect(applicationFields(filled, [])).toEqual({
      division: 'division-1',
      caselist: 'request-1',
      form: '[]',
      remark: 'Please call me in the morning.',
    });
    expect(applicationFields({ ...filled, relatedCaseId: 'case-9' }, []).related_case_id).toBe('case-9');
  });

  it('comes back from the outbox as the same form ("Edit and resend")', async () => {
    const questions = [question('q1'), question('q2')];
    const file = new File(['%PDF-1.4 papers'], 'papers.pdf');
    const fields = applicationFields({ ...filled, relatedCaseId: 'case-9' }, questions);
    const restored = applicationFromOutbox({ fields, file: { blob: file, name: file.name } });
    expect({ ...restored, file: undefined }).toEqual({ ...filled, relatedCaseId: 'case-9', file: undefined });
    expect(restored.file?.name).toBe('papers.pdf');
    expect(restored.file?.type).toBe('application/pdf');
    expect(await restored.file?.text()).toBe('%PDF-1.4 papers');
  });

  it('comes back from the outbox empty-handed where the saved item has nothing', () => {
    expect(applicationFromOutbox({ fields: {} })).toEqual({ ...EMPTY_APPLICATION, file: undefined });
  });
});

describe('answerText (the confirmation and the case page)', () => {
  const floor = question('floor', [
    { _id: 'opt-1', expectedValues: sixValues('Ground floor', 'ምድር ቤት') },
    { _id: 'opt-2', expectedValues: sixValues('First floor', 'አንደኛ ፎቅ') },
  ]);

  it("shows a chosen option in the reader's language, found by its id or by any of its texts", () => {
    expect(answerText('opt-2', floor, 'am')).toBe('አንደኛ ፎቅ');
    expect(answerText('First floor', floor, 'am')).toBe('አንደኛ ፎቅ');
    expect(answerText('ምድር ቤት', floor, 'en')).toBe('Ground floor');
  });

  it('shows a typed answer, or one without a known question, as it is', () => {
    expect(answerText('B-12/045', question('q1'), 'am')).toBe('B-12/045');
    expect(answerText('opt-2', undefined, 'am')).toBe('opt-2');
  });
});
