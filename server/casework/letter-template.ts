import { formatDate } from '../pdf/case-pdf.ts';

/** What a response letter template's placeholders stand for (the admin's screen lists them). */
export interface TemplateValues {
  name: string;
  case_number: string;
  filed_date: string | Date;
  due_date: string | Date | null;
  today: Date;
}

/**
 * A case request's letter template with its placeholders filled (issue 25): the text an officer
 * starts a response from. Dates in both calendars, as the letter prints them; a placeholder the
 * template misspells stays as written, for the officer to see and fix.
 */
export function filledTemplate(template: string, values: TemplateValues): string {
  const filled: Record<string, string> = {
    name: values.name,
    case_number: values.case_number,
    filed_date: formatDate(values.filed_date),
    due_date: formatDate(values.due_date),
    today: formatDate(values.today),
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => filled[key] ?? whole);
}
