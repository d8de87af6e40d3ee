/** A person's names as one line, the way the customer's screens write them. */
export const personName = (person: { firstname: string; middlename: string; lastname: string } | null) =>
  person ? [person.firstname, person.middlename, person.lastname].filter(Boolean).join(' ') : '';
