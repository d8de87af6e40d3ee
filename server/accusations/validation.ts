import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import { checkPhone } from '../phones/phone-number.ts';
import { hasControlCharacter } from '../web/text-input.ts';
import type { NewAccusation } from './store.ts';

/** The text fields of create_accusation (SPEC section 7), as received. */
export type AccusationFields = Partial<Record<'name' | 'phone' | 'subject' | 'description' | 'accused_organizational_part', string>>;

const LIMITS: [keyof AccusationFields, number, MessageKey][] = [
  ['name', 100, 'accusationNameTooLong'],
  ['subject', 200, 'accusationSubjectTooLong'],
  ['accused_organizational_part', 200, 'accusedPartTooLong'],
  ['description', 5000, 'accusationDescriptionTooLong'],
];

/**
 * SPEC section 5: subject and description are marked required but the client does not
 * check them; the server decides, here. Name and phone stay optional: a complainant
 * may stay anonymous.
 */
export function validateAccusation(fields: AccusationFields): Omit<NewAccusation, 'attachment' | 'idempotencyFingerprint'> {
  // Browsers send form line breaks as CRLF; store what the person typed.
  const value = (field: keyof AccusationFields) => (fields[field] ?? '').replace(/\r\n?/g, '\n').trim();
  if (!value('subject')) throw new ApiError(400, 'accusationSubjectRequired', 'subject');
  if (!value('description')) throw new ApiError(400, 'accusationDescriptionRequired', 'description');
  for (const [field, limit, key] of LIMITS) if (value(field).length > limit) throw new ApiError(400, key, field);
  // A name is one line (review #36); the description keeps the lines the person wrote.
  if (hasControlCharacter(value('name'))) throw new ApiError(400, 'accusationNameInvalid', 'name');
  if (value('phone').length >= 20) throw new ApiError(400, 'phoneInvalid', 'phone');
  const phone = value('phone') && checkPhone(value('phone'), 'phone');
  return {
    name: value('name'),
    phone,
    subject: value('subject'),
    description: value('description'),
    accused_organizational_part: value('accused_organizational_part'),
  };
}
