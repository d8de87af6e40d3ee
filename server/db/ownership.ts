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
}

export const RELATIONS: Record<string, Ownership> = {
  division: { owner: 'divisions' },
  directorate: { owner: 'divisions' },
  team: { owner: 'divisions' },
  division_name: { owner: 'divisions', public: true },
  division_availability: { owner: 'divisions', public: true },
  directorate_placement: { owner: 'divisions', public: true },
  // A staff user's team must be in their directorate; the dashboard names directorates.
  team_placement: { owner: 'divisions', public: true },
  directorate_name: { owner: 'divisions', public: true },

  customer_user: { owner: 'accounts' },
  customer_otp: { owner: 'accounts' },
  password_reset: { owner: 'accounts' },
  customer_contact: { owner: 'accounts', public: true },
  customer_session_state: { owner: 'accounts', public: true },
  // Where and in which language a customer is told of their cases (the notifications read it).
  customer_notice_address: { owner: 'accounts', public: true },

  staff_user: { owner: 'staff' },
  staff_name: { owner: 'staff', public: true },
  staff_session_state: { owner: 'staff', public: true },
  // The set-password links an admin sends (issue 16): the staff user's own reset.
  staff_password_link: { owner: 'staff' },

  // Sessions, the token key and the guess counters: the sign-in machinery every role shares.
  revoked_token: { owner: 'auth' },
  server_secret: { owner: 'auth' },
  guess_attempt: { owner: 'auth' },

  case_request: { owner: 'cases' },
  question: { owner: 'cases' },
  question_option: { owner: 'cases' },
  customer_case: { owner: 'cases' },
  case_answer: { owner: 'cases' },
  case_schedule: { owner: 'cases' },
  case_history: { owner: 'cases' },
  case_owner: { owner: 'cases', public: true },
  // Where archivists file closed cases (server/cases/casework-*).
  archival_category: { owner: 'cases' },
  // Where each case stands and in whose queue, with no content (the management dashboard counts it).
  case_progress: { owner: 'cases', public: true },

  case_rating: { owner: 'ratings' },
  // Each case's score, nobody named (the dashboard's averages and distributions).
  rating_score: { owner: 'ratings', public: true },

  accusation: { owner: 'accusations' },
  accusation_history: { owner: 'accusations' },
  // Where each accusation stands, with no content (the management dashboard counts it).
  accusation_state: { owner: 'accusations', public: true },

  // The one year-sequence allocator writes both counters (cases and accusations call it).
  case_number_sequence: { owner: 'numbering' },
  accusation_sequence: { owner: 'numbering' },

  // Append-only: every feature writes its staff actions through server/audit/audit-log.ts.
  audit_entry: { owner: 'audit' },

  // The customers' notices waiting to be sent, queued by the case moves (server/cases calls the hook).
  notification_job: { owner: 'notifications' },

  // The admin's settings and the due dates' holidays (issue 16); casework gets holidays through server/admin's service.
  holiday: { owner: 'admin' },
  portal_setting: { owner: 'admin' },

  stored_file: { owner: 'files' },
  stored_file_chunk: { owner: 'files' },
};
