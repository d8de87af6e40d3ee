/**
 * Which server feature owns each table and view of the migrations (issue 11: "no feature
 * reads another feature's tables"). A feature reads and writes its own relations; it
 * reads another feature's data only through a view that owner marks `public`, its read
 * interface (migration 009), and writes none of it. tests/unit/table-boundaries.test.ts
 * holds every server/<feature> file to this, and fails when a table has no owner here.
 * server/seed (the demo rows, written as a dump would) and server/db are exempt.
 */
export interface Ownership {
  /** The folder under server/ whose code may write it and read it as it is stored. */
  owner: string;
  /** A view the owner publishes for every other feature to read. */
  public?: true;
  /**
   * Staff areas whose work is these very rows, so they read and write them as stored too:
   * casework moves the cases a customer filed, administration keeps the reference data and
   * staff users other features read. Any other feature still goes through a public view.
   */
  sharedWith?: readonly string[];
}

const CASE_WORK = ['casework', 'archive'] as const;

export const RELATIONS: Record<string, Ownership> = {
  division: { owner: 'divisions', sharedWith: ['administration'] },
  directorate: { owner: 'divisions', sharedWith: ['administration'] },
  team: { owner: 'divisions', sharedWith: ['administration'] },
  division_name: { owner: 'divisions', public: true },
  division_availability: { owner: 'divisions', public: true },
  directorate_placement: { owner: 'divisions', public: true },
  // A staff user's team must be in their directorate; the dashboard names directorates.
  team_placement: { owner: 'divisions', public: true },
  directorate_name: { owner: 'divisions', public: true },
  // The audit log's reader names the teams its entries hold by id.
  team_name: { owner: 'divisions', public: true },

  // Issue 26: every SMS sent or held back, with its state (the sender writes it, the gateway's receipts update it),
  // and the numbers that sent STOP (the webhook writes them, the sender holds case notices back from them).
  sms_message: { owner: 'notifications', sharedWith: ['sms'] },
  sms_stop: { owner: 'sms', sharedWith: ['notifications'] },

  customer_user: { owner: 'accounts' },
  customer_otp: { owner: 'accounts' },
  password_reset: { owner: 'accounts' },
  customer_contact: { owner: 'accounts', public: true },
  customer_session_state: { owner: 'accounts', public: true },
  // Where and in which language a customer is told of their cases (the notifications read it).
  customer_notice_address: { owner: 'accounts', public: true },

  staff_user: { owner: 'staff', sharedWith: ['administration'] },
  staff_name: { owner: 'staff', public: true },
  staff_session_state: { owner: 'staff', public: true },
  // Where a staff user is told that their password changed (the notifications read it).
  staff_notice_address: { owner: 'staff', public: true },
  // The set-password links an admin sends: the staff user's own reset.
  staff_password_link: { owner: 'staff', sharedWith: ['administration'] },
  // An admin's second factor: only the staff sign-in reads and writes it.
  staff_two_factor: { owner: 'staff' },
  // Each staff user's alerts, and the due-date events the sweep raised once per case (server/staff/alerts-*.ts).
  staff_alert: { owner: 'staff' },
  case_due_event: { owner: 'staff' },

  // Sessions, the token key and the guess counters: the sign-in machinery every role shares.
  revoked_token: { owner: 'auth' },
  server_secret: { owner: 'auth' },
  guess_attempt: { owner: 'auth' },

  case_request: { owner: 'cases', sharedWith: ['casework', 'archive', 'administration'] },
  // The queue shows the answers to the questions an admin marks (issue 24): casework reads both.
  question: { owner: 'cases', sharedWith: ['administration', 'casework'] },
  question_option: { owner: 'cases', sharedWith: ['administration'] },
  customer_case: { owner: 'cases', sharedWith: CASE_WORK },
  case_answer: { owner: 'cases', sharedWith: ['administration', 'casework'] },
  case_schedule: { owner: 'cases', sharedWith: CASE_WORK },
  case_history: { owner: 'cases', sharedWith: CASE_WORK },
  // Issue 25: the officer's requests for information and the customer's answers; the customer's case and its files read
  // them, and the workload and the public performance (issue 28) leave the days waited for an answer out of the days to answer.
  information_request: { owner: 'casework', sharedWith: ['cases', 'management', 'performance'] },
  // Issue 25: reviews of a decision; the customer's case and its files read them, the dashboard counts their outcomes.
  case_review: { owner: 'casework', sharedWith: ['cases'] },
  case_review_outcome: { owner: 'casework', public: true },
  case_owner: { owner: 'cases', public: true },
  // Who holds a case and who wrote its response: whom the staff alerts of its moves and due dates tell.
  case_staffing: { owner: 'cases', public: true },
  // Where archivists file closed cases; the staff case page shows where one was filed.
  archival_category: { owner: 'archive', sharedWith: ['casework'] },
  archival_category_name: { owner: 'archive', public: true },
  // Where each case stands and in whose queue, with no content (the management dashboard counts it).
  case_progress: { owner: 'cases', public: true },
  // The audit log names case requests and questions; the dashboard counts each officer's cases (migration 026).
  case_request_name: { owner: 'cases', public: true },
  question_name: { owner: 'cases', public: true },
  case_workload: { owner: 'cases', public: true },

  case_rating: { owner: 'ratings' },
  // Each case's score, nobody named (the dashboard's averages and distributions).
  rating_score: { owner: 'ratings', public: true },

  accusation: { owner: 'accusations', sharedWith: ['accusation-review'] },
  accusation_history: { owner: 'accusations', sharedWith: ['accusation-review'] },
  // Where each accusation stands, with no content (the management dashboard counts it).
  accusation_state: { owner: 'accusations', public: true },
  // The audit log names an accusation by its reference.
  accusation_reference: { owner: 'accusations', public: true },

  // The one year-sequence allocator writes both counters (cases and accusations call it).
  case_number_sequence: { owner: 'numbering' },
  accusation_sequence: { owner: 'numbering' },
  letter_number_sequence: { owner: 'numbering' },

  // Append-only: every feature writes its staff actions through server/audit/audit-log.ts.
  audit_entry: { owner: 'audit', sharedWith: ['management'] },

  // The notices waiting to be sent, queued by the case moves (server/cases calls the hook) and password changes.
  notification_job: { owner: 'notifications' },
  // Issue 26: the channels a customer chose on the profile page, and the one rule of who is told by what.
  customer_notice_choice: { owner: 'notifications' },
  customer_notice_channel: { owner: 'notifications' },
  // Issue 26: the chats of the Telegram bot, their language and linked account; the notices go to a linked one.
  telegram_chat: { owner: 'telegram', sharedWith: ['notifications'] },
  // The account a verified phone signs in: the bot links a chat sharing that number's contact to it.
  customer_verified_phone: { owner: 'accounts', public: true },

  // The admin's settings and the due dates' holidays; casework gets holidays through administration's service.
  holiday: { owner: 'administration' },
  portal_setting: { owner: 'administration' },
  // The audit log names a holiday.
  holiday_name: { owner: 'administration', public: true },

  stored_file: { owner: 'files' },
  stored_file_chunk: { owner: 'files' },
  // Issue 27: resumable uploads (tus at /uploads/): their rows on both databases, their bytes and locks on PostgreSQL.
  resumable_upload: { owner: 'uploads' },
  resumable_upload_chunk: { owner: 'uploads' },
  resumable_upload_lock: { owner: 'uploads' },
};
