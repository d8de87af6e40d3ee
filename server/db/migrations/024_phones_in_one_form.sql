-- Issue 24 (review defect 7): phone numbers in one form, E.164 (+251… for Ethiopia), as the
-- portal now stores every number it is given (server/phones/phone-number.ts); the numbers
-- stored before are brought to it here, by the same rule: an Ethiopian number written
-- 09…, 9…, 07…, 7…, 011…, 251…, 00251… or +251…, with spaces, dashes, dots or brackets,
-- and a foreign one written with + or 00. A number the rule cannot read stays as it is.
-- Duplicates are kept: phone numbers are not unique.
CREATE FUNCTION phone_e164(typed text) RETURNS text LANGUAGE sql IMMUTABLE
RETURN (SELECT CASE
    WHEN written ~ '^((\+|00)?2510?|0)[1-9][0-9]{8}$' OR written ~ '^[79][0-9]{8}$' THEN '+251' || right(written, 9)
    WHEN written ~ '^(\+|00)[1-9][0-9]{6,14}$' AND written !~ '^(\+|00)251' THEN '+' || regexp_replace(written, '^(\+|00)', '')
    ELSE typed
  END
  FROM (SELECT regexp_replace(btrim(typed), '[[:space:]().-]', '', 'g') AS written) AS cleaned);

UPDATE customer_user SET phone = phone_e164(phone), house_phone_number = phone_e164(house_phone_number)
  WHERE phone IS DISTINCT FROM phone_e164(phone) OR house_phone_number IS DISTINCT FROM phone_e164(house_phone_number);

UPDATE accusation SET phone = phone_e164(phone) WHERE phone IS DISTINCT FROM phone_e164(phone);

DROP FUNCTION phone_e164(text);
