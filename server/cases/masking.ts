import type { Case } from '../contract/cases.ts';

const HIDDEN = '•••';

const initial = (name: string) => {
  const first = [...name.trim()][0];
  return first ? `${first}${HIDDEN}` : '';
};

/**
 * What anyone but the owner may see of a case (DESIGN.md: a public lookup must not hand
 * out personal data): initials instead of names, the last two phone digits, no address,
 * no gender, no attachments, no answers and no remark (free text may hold personal data),
 * and no related case (it would lead a stranger from one of a person's cases to the next).
 * Status, dates, division, case request and staff names stay: they are what a status check is for.
 */
export function maskCase(record: Case): Case {
  const { customer } = record;
  return {
    ...record,
    customer: {
      firstname: initial(customer.firstname),
      middlename: initial(customer.middlename),
      lastname: initial(customer.lastname),
      subcity: HIDDEN,
      woreda: HIDDEN,
      house_number: HIDDEN,
      phone: `${HIDDEN}${customer.phone.replace(/\D/g, '').slice(-2)}`,
      house_phone_number: HIDDEN,
      gender: '',
    },
    related_case_id: null,
    attachment: null,
    response_justification: null,
    list_of_question: [],
    remark: '',
    masked: true,
  };
}
