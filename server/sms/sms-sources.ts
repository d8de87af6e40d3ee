/**
 * The English of the SMS the portal answers an incoming message with (issue 26, "Ask by
 * SMS"): the source text of the server catalogs (locales/<locale>/server.po). Every text
 * whose code ends in `Sms` fits one SMS segment in every language with the longest values
 * of its placeholders (tests/unit/sms-texts.test.ts): `{number}` is a case number or an
 * accusation reference, `{status}` one of the status words below, `{date}` an appointment's
 * day in the reader's calendar. They name nothing private: a status is all anyone holding
 * the number learns, as on the web status check.
 */
export const smsReplySources = {
  smsStatusReplySms: 'HDC: {number}: {status}.',
  smsStatusAppointmentSms: 'HDC: {number}: {status}. Appointment: {date}.',
  smsNotFoundSms: 'HDC: no case or report has the number {number}.',
  smsHelpSms: 'HDC: send your case number to get its status. STOP ends notices, START turns them on.',
  smsStoppedSms: 'HDC: you will get no more notices by SMS. Send START to get them again.',
  smsStartedSms: 'HDC: you will get the notices of your cases by SMS again. Send STOP to end them.',
} as const;

/** The status words of the replies: the app's own badges (a case as its owner sees it, an accusation as its complainant does). */
export const smsStatusSources = {
  smsStatusPending: 'pending',
  smsStatusProcessing: 'processing',
  smsStatusResponded: 'responded',
  smsStatusRejected: 'rejected',
  smsStatusWaitingForYou: 'waiting for you',
  smsStatusUnderReview: 'under review',
  smsStatusWithdrawn: 'withdrawn',
  smsStatusReceived: 'received',
  smsStatusClosed: 'closed',
} as const;
