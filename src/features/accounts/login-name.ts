/**
 * Whom a customer's account call names (issue 26): the e-mail, or for an account of a phone
 * alone its number. One field takes either: typed with an @ it is an e-mail, otherwise a
 * phone number (the server reads 0911…, 911… and +251… alike).
 */
export type LoginName = { email: string } | { phone: string };

export const loginName = (typed: string): LoginName => {
  const text = typed.trim();
  return text.includes('@') ? { email: text } : { phone: text };
};

export const isPhone = (typed: string) => 'phone' in loginName(typed);
