/**
 * Where each call of the API lives (SPEC section 7's paths, kept exactly) and who may make
 * it, keyed by its operationId. Plain data with no imports: the only value the app takes
 * from server/contract, so its typed client (src/app/http.ts) builds the same paths the
 * server registers. The shapes of each call are in ./calls.ts.
 *
 * auth: false for anyone; a role (or a list of roles) for a bearer token of that role (anyone else gets 401);
 * 'optional' when a token changes the answer but is not needed (the status check, print).
 */
export const endpoints = {
  // accounts (customer_user_api)
  createCustomerUser: { method: 'POST', path: '/customer_user_api/create_customer_user', auth: false },
  validateCustomerOtp: { method: 'POST', path: '/customer_user_api/validate_customer_otp', auth: false },
  resendCustomerOtp: { method: 'PUT', path: '/customer_user_api/resend_customer_otp', auth: false },
  loginCustomerUser: { method: 'POST', path: '/customer_user_api/login_customer_user', auth: false },
  getCustomerUser: { method: 'GET', path: '/customer_user_api/get_customer_user/:id', auth: 'customer' },
  logoutCustomerUser: { method: 'GET', path: '/customer_user_api/logout_customer_user', auth: 'customer' },
  forgotCustomerUser: { method: 'POST', path: '/customer_user_api/forgot_customer_user', auth: false },
  resetCustomerUser: { method: 'PUT', path: '/customer_user_api/reset_customer_user/:id/:token', auth: false },
  resetPasswordByCode: { method: 'POST', path: '/customer_user_api/reset_customer_password_by_code', auth: false },
  // issue 26: the channels the notices of a customer's cases go by (the profile page)
  getNoticeChannels: { method: 'GET', path: '/customer_user_api/notice_channels', auth: 'customer' },
  saveNoticeChannels: { method: 'PUT', path: '/customer_user_api/notice_channels', auth: 'customer' },
  // issue 28: the customer closes their account (erasure), confirmed with their password
  closeMyAccount: { method: 'POST', path: '/customer_user_api/close_account', auth: 'customer' },
  // issue 28: everything the portal holds about the signed-in customer, as JSON and as a PDF
  exportMyData: { method: 'GET', path: '/customer_user_api/my_data', auth: 'customer' },
  exportMyDataPdf: { method: 'GET', path: '/customer_user_api/my_data.pdf', auth: 'customer' },
  // organisation
  getAllDivisions: { method: 'GET', path: '/division_api/get_all_divisions', auth: false },
  getDivisions: { method: 'GET', path: '/division_api/get_division', auth: 'customer' },
  getDivision: { method: 'GET', path: '/division_api/get_division/:id', auth: false },
  getAllDirectorates: { method: 'GET', path: '/directorate_api/get_all_directorate', auth: false },
  getAllTeams: { method: 'GET', path: '/team_leader_api/get_all_team', auth: false },
  // case requests and their questions
  getAllCaseLists: { method: 'GET', path: '/case_list_api/get_all_case_list', auth: false },
  getCaseLists: { method: 'GET', path: '/case_list_api/get_case_list', auth: 'customer' },
  getCaseList: { method: 'GET', path: '/case_list_api/get_case_list/:caselistId', auth: false },
  getAllQuestions: { method: 'GET', path: '/questions_api/get_all_questions', auth: false },
  // cases (customer_case_api, customer_case_history_api)
  createCase: { method: 'POST', path: '/customer_case_api/create_case', auth: 'customer' },
  getCases: { method: 'GET', path: '/customer_case_api/get_case', auth: 'customer' },
  getCaseSummary: { method: 'GET', path: '/customer_case_api/get_case_cust', auth: 'customer' },
  getCaseNumbers: { method: 'GET', path: '/customer_case_api/get_by_case_customerid', auth: 'customer' },
  getAllCases: { method: 'GET', path: '/customer_case_api/get_all_cases', auth: 'customer' },
  getCaseById: { method: 'GET', path: '/customer_case_api/get_case_by_id/:id', auth: 'customer' },
  checkCaseStatus: { method: 'POST', path: '/customer_case_api/get_case_by_casenum', auth: 'optional' },
  printCase: { method: 'GET', path: '/customer_case_api/print_case/:id', auth: 'optional' },
  getCaseHistory: { method: 'GET', path: '/customer_case_history_api/get_case_history', auth: 'customer' },
  // Issue 25: the customer answers the corporation's request for information (multipart, Idempotency-Key as createCase).
  answerInformationRequest: { method: 'POST', path: '/customer_case_api/answer_information_request/:id', auth: 'customer' },
  /** Issue 25: the customer asks for a review of the case's decision (verified or rejected). */
  requestCaseReview: { method: 'POST', path: '/customer_case_api/request_review/:id', auth: 'customer' },
  /** Issue 28: the customer withdraws a case not yet answered (pending, ongoing, waiting_customer). */
  withdrawCase: { method: 'POST', path: '/customer_case_api/withdraw_case/:id', auth: 'customer' },
  // ratings (div_rate)
  getRatingByCase: { method: 'GET', path: '/div_rate/get_rating_bycase/:caseId', auth: 'customer' },
  // Issue 25: a bearer customer, or no bearer with the one-tap link's rating_token.
  createCustomerRating: { method: 'POST', path: '/div_rate/create_custrate', auth: 'optional' },
  getRatingLink: { method: 'GET', path: '/div_rate/rating_link/:token', auth: false },
  // accusations and their acceptors
  createAccusation: { method: 'POST', path: '/accusation_acceptor_api/create_accusation', auth: false },
  getAccusations: { method: 'GET', path: '/accusation_acceptor_api/get_accusations', auth: 'accusation_acceptor' },
  getAccusation: { method: 'GET', path: '/accusation_acceptor_api/get_accusations/:id', auth: 'accusation_acceptor' },
  loginAccusationAcceptor: { method: 'POST', path: '/accusation_acceptor_user_api/login_accusation_acceptor', auth: false },
  logoutAccusationAcceptor: { method: 'GET', path: '/accusation_acceptor_user_api/logout_accusation_acceptor', auth: 'accusation_acceptor' },
  /** The same logout on the path the acceptors' other calls share. */
  logoutAccusationAcceptorApi: { method: 'GET', path: '/accusation_acceptor_api/logout_accusation_acceptor', auth: 'accusation_acceptor' },
  /** Where an accusation stands, for the complainant who holds its reference. */
  getAccusationStatus: { method: 'GET', path: '/accusation_acceptor_api/get_accusation_status/:reference', auth: false },
  // ethics users handling accusations; the stored role keeps the acceptors' name
  staffListAccusations: { method: 'GET', path: '/staff_api/accusations', auth: 'accusation_acceptor' },
  staffGetAccusation: { method: 'GET', path: '/staff_api/accusations/:id', auth: 'accusation_acceptor' },
  staffUpdateAccusation: { method: 'POST', path: '/staff_api/accusations/:id/status', auth: 'accusation_acceptor' },
  staffAssignAccusation: { method: 'POST', path: '/staff_api/accusations/:id/assign', auth: 'accusation_acceptor' },
  staffNoteAccusation: { method: 'POST', path: '/staff_api/accusations/:id/notes', auth: 'accusation_acceptor' },
  staffListEthicsUsers: { method: 'GET', path: '/staff_api/ethics_users', auth: 'accusation_acceptor' },
  // staff: one sign-in for every role
  staffLogin: { method: 'POST', path: '/staff_api/login', auth: false },
  /** An admin's second step: the secret to enrol with, then the code (the password step's challenge in the body). */
  staffStartTwoFactorEnrolment: { method: 'POST', path: '/staff_api/login/two_factor/enrolment', auth: false },
  staffVerifyTwoFactorCode: { method: 'POST', path: '/staff_api/login/two_factor', auth: false },
  staffLogout: { method: 'POST', path: '/staff_api/logout', auth: ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] },
  // staff: who is signed in, and their alerts (every role)
  staffWhoAmI: { method: 'GET', path: '/staff_api/me', auth: ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] },
  staffListAlerts: { method: 'GET', path: '/staff_api/alerts', auth: ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] },
  staffMarkAlertsRead: { method: 'POST', path: '/staff_api/alerts/read', auth: ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] },
  staffSaveAlertSettings: { method: 'PUT', path: '/staff_api/alerts/settings', auth: ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] },
  staffListCases: { method: 'GET', path: '/staff_api/cases', auth: ['officer', 'manager', 'archivist', 'admin'] },
  staffGetCase: { method: 'GET', path: '/staff_api/cases/:id', auth: ['officer', 'manager', 'archivist', 'admin'] },
  staffTakeCase: { method: 'POST', path: '/staff_api/cases/:id/take', auth: ['officer', 'manager'] },
  staffAssignCase: { method: 'POST', path: '/staff_api/cases/:id/assign', auth: ['manager'] },
  staffListOfficers: { method: 'GET', path: '/staff_api/officers', auth: ['manager'] },
  // bulk moves: each case moved alone, one result per case (a static segment wins over :id)
  staffBulkTakeCases: { method: 'POST', path: '/staff_api/cases/bulk/take', auth: ['officer', 'manager'] },
  staffBulkAssignCases: { method: 'POST', path: '/staff_api/cases/bulk/assign', auth: ['manager'] },
  staffScheduleCase: { method: 'POST', path: '/staff_api/cases/:id/schedule', auth: ['officer', 'manager'] },
  staffRespondCase: { method: 'POST', path: '/staff_api/cases/:id/respond', auth: ['officer', 'manager'] },
  staffApproveCase: { method: 'POST', path: '/staff_api/cases/:id/approve', auth: ['manager', 'admin'] },
  staffReturnCase: { method: 'POST', path: '/staff_api/cases/:id/return', auth: ['manager'] },
  staffRejectCase: { method: 'POST', path: '/staff_api/cases/:id/reject', auth: ['officer', 'manager'] },
  // Issue 25: ask the customer for something (ongoing → waiting_customer); reject a request left unanswered.
  staffRequestInformation: { method: 'POST', path: '/staff_api/cases/:id/request_information', auth: ['officer', 'manager'] },
  staffCloseUnanswered: { method: 'POST', path: '/staff_api/cases/:id/close_unanswered', auth: ['officer', 'manager'] },
  staffNoteCase: { method: 'POST', path: '/staff_api/cases/:id/notes', auth: ['officer', 'manager', 'admin'] },
  staffTransferCase: { method: 'POST', path: '/staff_api/cases/:id/transfer', auth: ['manager', 'admin'] },
  /** Issue 25: a manager who had no part in the decision ends its review (an admin where there is none). */
  staffDecideReview: { method: 'POST', path: '/staff_api/cases/:id/decide_review', auth: ['manager', 'admin'] },
  /** The staff's printout of a case for the paper file (a PDF, internal notes included): whoever may read the case. */
  staffPrintCase: { method: 'GET', path: '/staff_api/cases/:id/print', auth: ['officer', 'manager', 'archivist', 'admin'] },
  // the archive (issues 15 and 16): archivists file closed cases; admins may too
  staffArchiveCase: { method: 'POST', path: '/staff_api/cases/:id/archive', auth: ['archivist', 'admin'] },
  staffBulkArchiveCases: { method: 'POST', path: '/staff_api/cases/bulk/archive', auth: ['archivist', 'admin'] },
  /** A filed case moved to another category within 30 days of its filing (issue 24, review defect 9). */
  staffRefileCase: { method: 'POST', path: '/staff_api/cases/:id/refile', auth: ['archivist', 'admin'] },
  staffListArchivedCases: { method: 'GET', path: '/staff_api/archive/cases', auth: ['archivist', 'admin'] },
  staffListArchivalCategories: { method: 'GET', path: '/staff_api/archive/categories', auth: ['archivist', 'admin'] },
  staffSaveArchivalCategory: { method: 'POST', path: '/staff_api/archive/categories', auth: ['archivist', 'admin'] },
  // staff users, administered; the set-password link's page is public
  adminListStaff: { method: 'GET', path: '/staff_api/admin/staff', auth: 'admin' },
  adminSaveStaff: { method: 'POST', path: '/staff_api/admin/staff', auth: 'admin' },
  staffSetPassword: { method: 'PUT', path: '/staff_api/set_password/:id/:token', auth: false },
  // reference data, administered; the languages offered are public
  adminListDivisions: { method: 'GET', path: '/staff_api/admin/divisions', auth: 'admin' },
  adminSaveDivision: { method: 'POST', path: '/staff_api/admin/divisions', auth: 'admin' },
  adminSaveDirectorate: { method: 'POST', path: '/staff_api/admin/directorates', auth: 'admin' },
  adminSaveTeam: { method: 'POST', path: '/staff_api/admin/teams', auth: 'admin' },
  adminSaveCaseRequest: { method: 'POST', path: '/staff_api/admin/case_requests', auth: 'admin' },
  adminSaveLetterTemplate: { method: 'PUT', path: '/staff_api/admin/case_requests/:id/letter_template', auth: 'admin' },
  adminSaveQuestion: { method: 'POST', path: '/staff_api/admin/questions', auth: 'admin' },
  adminDeleteQuestion: { method: 'DELETE', path: '/staff_api/admin/questions/:id', auth: 'admin' },
  adminListHolidays: { method: 'GET', path: '/staff_api/admin/holidays', auth: 'admin' },
  adminSaveHoliday: { method: 'POST', path: '/staff_api/admin/holidays', auth: 'admin' },
  adminDeleteHoliday: { method: 'DELETE', path: '/staff_api/admin/holidays/:id', auth: 'admin' },
  adminSaveLanguages: { method: 'PUT', path: '/staff_api/admin/languages', auth: 'admin' },
  getLanguages: { method: 'GET', path: '/settings_api/languages', auth: false },
  // management: managers see their directorate, admins everything
  managementSummary: { method: 'GET', path: '/staff_api/management/summary', auth: ['admin', 'manager'] },
  auditLog: { method: 'GET', path: '/staff_api/audit', auth: ['admin', 'manager'] },
  managementWorkload: { method: 'GET', path: '/staff_api/management/workload', auth: ['admin', 'manager'] },
  // open data (issue 28): the public performance figures, JSON and CSV
  getPerformanceData: { method: 'GET', path: '/open-data/performance.json', auth: false },
  getPerformanceCsv: { method: 'GET', path: '/open-data/performance.csv', auth: false },
  // operations
  getHealth: { method: 'GET', path: '/healthz', auth: false },
  getReadiness: { method: 'GET', path: '/readyz', auth: false },
  // the Telegram bot's updates (issue 26): no token, Telegram's secret-token header instead
  telegramWebhook: { method: 'POST', path: '/telegram/webhook', auth: false },
  // the SMS gateway's webhooks (issue 26): no token, the shared secret in X-Webhook-Secret instead
  smsInbound: { method: 'POST', path: '/sms/inbound', auth: false },
  smsDelivery: { method: 'POST', path: '/sms/delivery', auth: false },
} as const satisfies Record<string, Endpoint>;

export type Role = 'customer' | 'officer' | 'manager' | 'accusation_acceptor' | 'archivist' | 'admin';
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form: `:name` for a path parameter. */
  path: string;
  auth: false | Role | readonly Role[] | 'optional';
}
export type Endpoints = typeof endpoints;
export type CallName = keyof Endpoints;
