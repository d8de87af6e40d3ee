/**
 * Demo case requests with their questions, and cases of the two demo customers in every
 * status, each under way held by an officer of its directorate (the staff: staff.ts), so a
 * newcomer (and the app's tests) see a lived-in portal.
 * Afar (af) uses English where no agreed translation exists (SPEC section 1).
 */
import { Readable } from 'node:stream';
import type { Queryable } from '../db/database.ts';
import type { CaseStatus } from '../contract/cases.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { renderCaseLetter, type Bilingual } from '../pdf/case-pdf.ts';
import { nextReference } from '../numbering/year-sequence.ts';
import { API_LANGUAGES, ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { SNAPSHOT_COLUMNS, SNAPSHOT_VALUES } from '../db/sql.ts';
import { demoDivisions } from './organisation.ts';
import { DEMO_LOGINS, type DemoStaffKey } from './logins.ts';

export type Six = { en: string; am: string; or: string; tg: string; sm: string; af?: string };
/** The six values of a text in the column order name_en … name_af. */
export const inAll = (text: Six) => API_LANGUAGES.map((lang) => text[lang] ?? text.en);

// ---------------------------------------------------------------------------------------
// Questions: each kind the apply form draws (SPEC section 3), reused across case requests.

interface QuestionTemplate {
  name: Six;
  inputType: 'normal_input' | 'text_area' | 'select';
  dataType: 'string' | 'number';
  options?: Six[];
  /** What the demo cases answer: the text typed, or the index of the option chosen. */
  demoAnswer: string | number;
  /** The staff queue shows its answer beside each case (the admin's "show in the queue"). */
  inQueue?: boolean;
}

const typed = (name: Six, dataType: 'string' | 'number', demoAnswer: string | number): QuestionTemplate => ({
  name, inputType: 'normal_input', dataType, demoAnswer,
});
const written = (name: Six, demoAnswer: string): QuestionTemplate => ({ name, inputType: 'text_area', dataType: 'string', demoAnswer });
const chosen = (name: Six, options: Six[], demoAnswer: number): QuestionTemplate => ({
  name, inputType: 'select', dataType: 'string', options, demoAnswer,
});

const inQueue = (template: QuestionTemplate): QuestionTemplate => ({ ...template, inQueue: true });

const questions = {
  houseNumber: typed(
    { en: 'House or block number', am: 'የቤት ወይም የብሎክ ቁጥር', or: 'Lakkoofsa manaa ykn bilookii', tg: 'ቁጽሪ ገዛ ወይ ብሎክ', sm: 'Lambarka guriga ama blookga' },
    'string', 'B-14/207',
  ),
  contractNumber: typed(
    { en: 'Contract number', am: 'የውል ቁጥር', or: 'Lakkoofsa waliigaltee', tg: 'ቁጽሪ ውዕል', sm: 'Lambarka heshiiska' },
    'string', 'CT-2016-0457',
  ),
  plotNumber: typed(
    { en: 'Plot or title deed number', am: 'የቦታ ወይም የካርታ ቁጥር', or: 'Lakkoofsa lafaa ykn kaartaa', tg: 'ቁጽሪ ቦታ ወይ ካርታ', sm: 'Lambarka dhulka ama dukumentiga' },
    'string', 'AA/BL/12/3345',
  ),
  receiptNumber: typed(
    { en: 'Receipt number', am: 'የደረሰኝ ቁጥር', or: 'Lakkoofsa nagahee', tg: 'ቁጽሪ ቅብሊት', sm: 'Lambarka rasiidka' },
    'string', 'RC-884213',
  ),
  householdSize: typed(
    { en: 'Number of family members', am: 'የቤተሰብ አባላት ብዛት', or: "Baay'ina miseensota maatii", tg: 'ብዝሒ ኣባላት ስድራ', sm: 'Tirada xubnaha qoyska' },
    'number', '5',
  ),
  amount: typed(
    { en: 'Amount in birr', am: 'መጠን በብር', or: 'Hanga qarshii birriin', tg: 'መጠን ብብር', sm: 'Qadarka birr ahaan' },
    'number', '12500',
  ),
  monthsOwed: typed(
    { en: 'Months of rent owed', am: 'ያልተከፈለ የኪራይ ወራት', or: "Ji'oota kiraa hin kaffalamne", tg: 'ዘይተኸፍለ ኣዋርሕ ክራይ', sm: 'Bilaha kirada lagu leeyahay' },
    'number', '2',
  ),
  description: written(
    { en: 'Describe your request', am: 'ጥያቄዎን ይግለጹ', or: 'Gaaffii keessan ibsaa', tg: 'ሕቶኹም ግለጹ', sm: 'Sharax codsigaaga' },
    'ቤተሰባችን ስላደገ ሰፋ ያለ ቤት እንፈልጋለን። We would like a larger house for our growing family.',
  ),
  damage: written(
    {
      en: 'Describe the damage and where it is', am: 'ጉዳቱንና ያለበትን ቦታ ይግለጹ', or: 'Miidhaa fi bakka inni jiru ibsaa',
      tg: 'ነቲ ጉድኣትን ዘለዎ ቦታን ግለጹ', sm: 'Sharax waxyeelada iyo meesha ay ku taal',
    },
    'The kitchen pipe leaks into the flat below. በኩሽና ያለው ቧንቧ ወደ ታችኛው ቤት ያፈሳል።',
  ),
  repairType: chosen(
    { en: 'Type of repair', am: 'የጥገና አይነት', or: 'Gosa suphaa', tg: 'ዓይነት ጽገና', sm: 'Nooca dayactirka' },
    [
      { en: 'Plumbing', am: 'ቧንቧ', or: 'Boombaa', tg: 'ቡምባ', sm: 'Tuubooyinka' },
      { en: 'Electrical', am: 'ኤሌክትሪክ', or: 'Elektirikii', tg: 'ኤሌክትሪክ', sm: 'Koronto' },
      { en: 'Roof and walls', am: 'ጣሪያና ግድግዳ', or: 'Baaxii fi keenyan', tg: 'ናሕስን መንደቕን', sm: 'Saqafka iyo derbiyada' },
      { en: 'Doors and windows', am: 'በርና መስኮት', or: 'Balbala fi foddaa', tg: 'ማዕጾን መስኮትን', sm: 'Albaabada iyo daaqadaha' },
    ],
    0,
  ),
  // The one the desk sorts its day by: the staff queue shows it.
  urgency: inQueue(chosen(
    { en: 'How urgent is it?', am: 'ምን ያህል አስቸኳይ ነው?', or: 'Hangam ariifachiisaadha?', tg: 'ክንደይ ህጹጽ እዩ?', sm: 'Intee ayuu degdeg yahay?' },
    [
      { en: 'Urgent (today)', am: 'አስቸኳይ (ዛሬ)', or: "Ariifachiisaa (har'a)", tg: 'ህጹጽ (ሎሚ)', sm: 'Degdeg (maanta)' },
      { en: 'Within a week', am: 'በሳምንት ውስጥ', or: 'Torbee tokko keessatti', tg: 'ኣብ ውሽጢ ሰሙን', sm: 'Toddobaad gudihiis' },
      { en: 'Routine', am: 'መደበኛ', or: 'Idilee', tg: 'ስሩዕ', sm: 'Caadi' },
    ],
    1,
  )),
  paymentMethod: chosen(
    { en: 'Preferred payment method', am: 'የሚመርጡት የክፍያ ዘዴ', or: 'Mala kaffaltii filattan', tg: 'ዝመረጽኩምዎ ኣገባብ ክፍሊት', sm: 'Habka lacag-bixinta aad doorbidayso' },
    [
      { en: 'Bank transfer', am: 'የባንክ ዝውውር', or: 'Dabarsa baankii', tg: 'ምስግጋር ባንክ', sm: 'Xawilaad bangi' },
      { en: 'Cash at a branch', am: 'በቅርንጫፍ በጥሬ ገንዘብ', or: 'Maallaqa callaa damee irratti', tg: 'ብጥረ ገንዘብ ኣብ ጨንፈር', sm: 'Lacag caddaan ah laanta' },
      { en: 'Mobile money', am: 'የሞባይል ገንዘብ', or: 'Maallaqa moobaayilaa', tg: 'ገንዘብ ሞባይል', sm: 'Lacagta mobilka' },
    ],
    0,
  ),
  transferReason: chosen(
    { en: 'Reason for the transfer', am: 'የዝውውሩ ምክንያት', or: 'Sababa dabarsaa', tg: 'ምኽንያት ምስግጋር', sm: 'Sababta wareejinta' },
    [
      { en: 'Sale', am: 'ሽያጭ', or: 'Gurgurtaa', tg: 'መሸጣ', sm: 'Iib' },
      { en: 'Inheritance', am: 'ውርስ', or: 'Dhaala', tg: 'ውርሻ', sm: 'Dhaxal' },
      { en: 'Gift', am: 'ስጦታ', or: 'Kennaa', tg: 'ህያብ', sm: 'Hadiyad' },
      { en: 'Divorce settlement', am: 'የፍቺ ክፍፍል', or: 'Qooddii hiikkaa', tg: 'ምክፍፋል ፍትሕ', sm: 'Heshiiska furriinka' },
    ],
    1,
  ),
  documentType: chosen(
    { en: 'Document you need', am: 'የሚፈልጉት ሰነድ', or: 'Sanada isin barbaachisu', tg: 'ዘድልየኩም ሰነድ', sm: 'Dukumentiga aad u baahan tahay' },
    [
      { en: 'Confirmation letter', am: 'የማረጋገጫ ደብዳቤ', or: 'Xalayaa mirkaneessaa', tg: 'ደብዳቤ ምርግጋጽ', sm: 'Warqad xaqiijin' },
      { en: 'Ownership certificate', am: 'የባለቤትነት ምስክር ወረቀት', or: 'Ragaa abbummaa', tg: 'ምስክር ወረቐት ዋንነት', sm: 'Shahaadada lahaanshaha' },
      { en: 'Tenancy certificate', am: 'የተከራይነት ምስክር ወረቀት', or: 'Ragaa kireeffannaa', tg: 'ምስክር ወረቐት ተኻራይነት', sm: 'Shahaadada kiraystenimada' },
    ],
    2,
  ),
  appointmentTime: chosen(
    { en: 'Preferred appointment time', am: 'የሚመርጡት የቀጠሮ ሰዓት', or: 'Yeroo beellamaa filattan', tg: 'ዝመረጽኩምዎ ግዜ ቆጸራ', sm: 'Waqtiga ballanta aad doorbidayso' },
    [
      { en: 'Morning', am: 'ጠዋት', or: 'Ganama', tg: 'ንግሆ', sm: 'Subax' },
      { en: 'Afternoon', am: 'ከሰዓት በኋላ', or: 'Waaree booda', tg: 'ድሕሪ ቀትሪ', sm: 'Galab' },
      { en: 'Any time', am: 'በማንኛውም ጊዜ', or: 'Yeroo kamiyyuu', tg: 'ኣብ ዝኾነ ግዜ', sm: 'Wakhti kasta' },
    ],
    0,
  ),
} satisfies Record<string, QuestionTemplate>;

type QuestionKey = keyof typeof questions;
/** A question of a case request; a trailing "?" marks it optional. */
type QuestionRef = QuestionKey | `${QuestionKey}?`;

interface DemoCaseRequest {
  key: string;
  division: string;
  name: Six;
  status?: 'inactive';
  questions: QuestionRef[];
}

// 2 or 3 per active division that takes applications, and one that is closed.
const caseRequests: DemoCaseRequest[] = [
  {
    key: 'buy', division: 'sales',
    name: { en: 'Buying a corporation house', am: 'የኮርፖሬሽን ቤት ግዢ', or: 'Mana korporeeshinii bituu', tg: 'ምግዛእ ገዛ ኮርፖሬሽን', sm: 'Iibsashada guriga shirkadda' },
    questions: ['houseNumber', 'householdSize', 'paymentMethod', 'description?'],
  },
  {
    key: 'transfer', division: 'sales',
    name: { en: 'Ownership transfer', am: 'የባለቤትነት ዝውውር', or: 'Dabarsa abbummaa', tg: 'ምስግጋር ዋንነት', sm: 'Wareejinta lahaanshaha' },
    questions: ['houseNumber', 'transferReason', 'contractNumber?'],
  },
  {
    key: 'instalments', division: 'sales', status: 'inactive',
    name: { en: 'Instalment plan change', am: 'የክፍያ እቅድ ለውጥ', or: 'Jijjiirama karoora kaffaltii', tg: 'ለውጢ መደብ ክፍሊት', sm: 'Beddelka qorshaha lacag-bixinta' },
    questions: ['contractNumber'],
  },
  {
    key: 'renewal', division: 'rental',
    name: { en: 'Rental agreement renewal', am: 'የኪራይ ውል እድሳት', or: 'Haaromsa waliigaltee kiraa', tg: 'ምሕዳስ ውዕል ክራይ', sm: 'Cusboonaysiinta heshiiska kirada' },
    questions: ['contractNumber', 'houseNumber', 'householdSize?'],
  },
  {
    key: 'rent-complaint', division: 'rental',
    name: { en: 'Rent payment complaint', am: 'የኪራይ ክፍያ ቅሬታ', or: 'Komii kaffaltii kiraa', tg: 'ቅሬታ ክፍሊት ክራይ', sm: 'Cabashada bixinta kirada' },
    questions: ['receiptNumber?', 'monthsOwed', 'description'],
  },
  {
    key: 'repair', division: 'maintenance',
    name: { en: 'Repair request', am: 'የጥገና ጥያቄ', or: 'Gaaffii suphaa', tg: 'ሕቶ ጽገና', sm: 'Codsiga dayactirka' },
    questions: ['houseNumber', 'repairType', 'urgency', 'damage?'],
  },
  {
    key: 'shared-repair', division: 'maintenance',
    name: { en: 'Shared building repair', am: 'የጋራ ህንጻ ጥገና', or: 'Suphaa gamoo waloo', tg: 'ጽገና ሓባራዊ ህንጻ', sm: 'Dayactirka dhismaha wadaagga ah' },
    questions: ['houseNumber', 'repairType', 'damage'],
  },
  {
    key: 'outage', division: 'maintenance',
    name: { en: 'Water or power outage', am: 'የውሃ ወይም የመብራት መቋረጥ', or: 'Addaan citiinsa bishaanii ykn ibsaa', tg: 'ምቁራጽ ማይ ወይ መብራህቲ', sm: "Go'itaanka biyaha ama korontada" },
    questions: ['houseNumber', 'urgency'],
  },
  {
    key: 'title-deed', division: 'property',
    name: { en: 'Title deed request', am: 'የካርታ ጥያቄ', or: 'Gaaffii kaartaa', tg: 'ሕቶ ካርታ', sm: 'Codsiga dukumentiga lahaanshaha' },
    questions: ['plotNumber', 'documentType?', 'description?'],
  },
  {
    key: 'boundary', division: 'property',
    name: { en: 'Boundary dispute', am: 'የወሰን ክርክር', or: 'Falmii daangaa', tg: 'ክትዕ ዶብ', sm: 'Khilaafka xuduudda' },
    questions: ['plotNumber', 'description'],
  },
  {
    key: 'refund', division: 'payments',
    name: { en: 'Refund request', am: 'የተመላሽ ክፍያ ጥያቄ', or: 'Gaaffii deebii maallaqaa', tg: 'ሕቶ ምምላስ ገንዘብ', sm: 'Codsiga celinta lacagta' },
    questions: ['receiptNumber', 'amount', 'paymentMethod'],
  },
  {
    key: 'payment-schedule', division: 'payments',
    name: { en: 'Payment schedule', am: 'የክፍያ መርሐ ግብር', or: 'Sagantaa kaffaltii', tg: 'መደብ ክፍሊት', sm: 'Jadwalka lacag-bixinta' },
    questions: ['contractNumber', 'amount?', 'paymentMethod?'],
  },
  {
    key: 'confirmation', division: 'customer-service',
    name: { en: 'Confirmation letter', am: 'የማረጋገጫ ደብዳቤ', or: 'Xalayaa mirkaneessaa', tg: 'ደብዳቤ ምርግጋጽ', sm: 'Warqadda xaqiijinta' },
    questions: ['documentType', 'description?'],
  },
  {
    key: 'appointment', division: 'customer-service',
    name: { en: 'Appointment', am: 'ቀጠሮ ማስያዝ', or: 'Beellama qabachuu', tg: 'ቆጸራ ምሓዝ', sm: 'Ballan qabsasho' },
    questions: ['appointmentTime', 'description?'],
  },
];

// ---------------------------------------------------------------------------------------
// Staff who appear on cases: Meron answers them and sets appointments, Dawit rejects and moves them.

const STAFF = DEMO_LOGINS.staff;

/**
 * Who holds a demo case under way (ongoing or responded): the officer of its queue's
 * directorate, its division's first active one, who holds cases (logins.ts).
 */
function holderOf(caseRequestKey: string): DemoStaffKey | undefined {
  const divisionKey = caseRequests.find((request) => request.key === caseRequestKey)!.division;
  const queue = demoDivisions.find((division) => division.key === divisionKey)!.directorates.find((d) => d.status === 'active')?.name.en;
  return (Object.keys(STAFF) as DemoStaffKey[]).find((key) => {
    const staff = STAFF[key];
    return 'holdsCases' in staff && staff.directorate === queue;
  });
}

// ---------------------------------------------------------------------------------------
// The demo customers' cases, oldest first within each customer.

interface DemoCase {
  customer: 'demo' | 'second';
  caseRequest: string;
  daysAgo: number;
  status: CaseStatus;
  /** Answered weeks after its due date (the server computes lateness from the dates). */
  late?: true;
  remark?: string;
  /** The customer attached a PDF. */
  attachment?: true;
  /** Index (in this list) of an earlier case of the same customer this one relates to. */
  relatedTo?: number;
  /** Schedule entries: days after filing it was extended and scheduled to. */
  schedule?: { extendedAfter: number; scheduledAfter: number }[];
  rejection?: string;
  rating?: number;
}

const demoCases: DemoCase[] = [
  { customer: 'demo', caseRequest: 'buy', daysAgo: 170, status: 'verified', attachment: true, rating: 4,
    remark: 'ለተጨማሪ መረጃ በስልክ ሊያገኙኝ ይችላሉ። You can reach me by phone for more information.' },
  { customer: 'demo', caseRequest: 'boundary', daysAgo: 150, status: 'rejected',
    rejection: 'The boundary was surveyed in 2015 E.C. and the record matches the title deed. ወሰኑ በ2015 ዓ.ም. ተለክቶ ከካርታው ጋር ይዛመዳል።' },
  { customer: 'demo', caseRequest: 'repair', daysAgo: 130, status: 'verified', late: true },
  { customer: 'demo', caseRequest: 'renewal', daysAgo: 115, status: 'verified' },
  { customer: 'demo', caseRequest: 'refund', daysAgo: 100, status: 'rejected',
    rejection: 'No payment with this receipt number was found. ይህ የደረሰኝ ቁጥር ያለው ክፍያ አልተገኘም።' },
  { customer: 'demo', caseRequest: 'confirmation', daysAgo: 85, status: 'verified', relatedTo: 3 },
  { customer: 'demo', caseRequest: 'repair', daysAgo: 70, status: 'responded', schedule: [{ extendedAfter: 4, scheduledAfter: 12 }] },
  { customer: 'demo', caseRequest: 'title-deed', daysAgo: 60, status: 'responded', schedule: [{ extendedAfter: 3, scheduledAfter: 9 }] },
  { customer: 'demo', caseRequest: 'transfer', daysAgo: 45, status: 'ongoing',
    schedule: [{ extendedAfter: 5, scheduledAfter: 14 }, { extendedAfter: 15, scheduledAfter: 30 }] },
  { customer: 'demo', caseRequest: 'rent-complaint', daysAgo: 30, status: 'ongoing' },
  { customer: 'demo', caseRequest: 'payment-schedule', daysAgo: 20, status: 'ongoing' },
  { customer: 'demo', caseRequest: 'shared-repair', daysAgo: 12, status: 'pending', relatedTo: 6 },
  { customer: 'demo', caseRequest: 'appointment', daysAgo: 6, status: 'pending', attachment: true },
  { customer: 'demo', caseRequest: 'outage', daysAgo: 2, status: 'pending', remark: 'Since Monday morning. ከሰኞ ጠዋት ጀምሮ።' },
  { customer: 'second', caseRequest: 'renewal', daysAgo: 40, status: 'verified', attachment: true },
  { customer: 'second', caseRequest: 'repair', daysAgo: 10, status: 'pending' },
];

const DAY = 24 * 60 * 60 * 1000;
const RESPONSE_AFTER_DAYS = 7;
// Nine days: well inside any target of ten working days, so only the case marked late is.
const VERIFIED_AFTER_DAYS = 9;
const VERIFIED_LATE_AFTER_DAYS = 30;

// ---------------------------------------------------------------------------------------

export interface CaseSeedOptions {
  /** The demo staff's ids (staff.ts). */
  staff: Record<DemoStaffKey, string>;
  /** Where the demo PDFs go; without it the demo cases have no attachments. */
  storage?: FileStorage;
  caseNumberPrefix: string;
  customerEmails: { demo: string; second: string };
  now?: Date;
}

interface SeededCaseRequest {
  id: string;
  divisionId: string;
  questions: { id: string; template: QuestionTemplate; optionIds: string[] }[];
}

async function insertRow(tx: Queryable, sql: string, params: unknown[]): Promise<string> {
  const [row] = await tx.query<{ id: string }>(`${sql} RETURNING id`, params);
  return row.id;
}

async function insertCaseRequests(tx: Queryable): Promise<Map<string, SeededCaseRequest>> {
  const seeded = new Map<string, SeededCaseRequest>();
  for (const [position, request] of caseRequests.entries()) {
    const division = demoDivisions.find((candidate) => candidate.key === request.division)!;
    const [{ id: divisionId }] = await tx.query<{ id: string }>('SELECT id FROM division WHERE name_en = $1', [division.name.en]);
    const id = await insertRow(
      tx,
      // Routed as an office sets it up: to the division's first active directorate listed in
      // organisation.ts (made first: seed.ts), whose officers hold the demo cases (holderOf).
      `INSERT INTO case_request (division_id, status, case_name_en, case_name_am, case_name_or, case_name_tg, case_name_sm,
         case_name_af, position, directorate_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
         (SELECT d.id FROM directorate d WHERE d.division_id = $1 AND d.status = 'active' ORDER BY d.created_at, d.id LIMIT 1))`,
      [divisionId, request.status ?? 'active', ...inAll(request.name), position],
    );
    const seededQuestions: SeededCaseRequest['questions'] = [];
    for (const [questionPosition, ref] of request.questions.entries()) {
      const template = questions[ref.replace('?', '') as QuestionKey];
      const questionId = await insertRow(
        tx,
        `INSERT INTO question (case_request_id, input_type, data_type, name_en, name_am, name_or, name_tg, name_sm, name_af,
           is_required, position, show_in_queue) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [id, template.inputType, template.dataType, ...inAll(template.name), ref.endsWith('?') ? 'no' : 'yes', questionPosition,
          template.inQueue ?? false],
      );
      const optionIds: string[] = [];
      for (const [optionPosition, option] of (template.options ?? []).entries()) {
        optionIds.push(await insertRow(
          tx,
          `INSERT INTO question_option (question_id, value_en, value_am, value_or, value_tg, value_sm, value_af, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [questionId, ...inAll(option), optionPosition],
        ));
      }
      seededQuestions.push({ id: questionId, template, optionIds });
    }
    seeded.set(request.key, { id, divisionId, questions: seededQuestions });
  }
  return seeded;
}

// Letters are the same for the same case on the same day: draw each once per process.
const letters = new Map<string, Promise<Buffer>>();

/** A demo letter, stored and claimed by the seed's transaction like an upload by its row's. */
async function storeLetter(tx: Queryable, storage: FileStorage | undefined, caseNumber: string, kind: 'response' | 'attachment', date: Date) {
  if (!storage) return null;
  const key = `${caseNumber}:${kind}:${date.toISOString().slice(0, 10)}`;
  if (!letters.has(key)) {
    const title: Bilingual = kind === 'response'
      ? { en: 'Response to your case', am: 'ለጉዳይዎ የተሰጠ ምላሽ' }
      : { en: 'Supporting documents', am: 'ደጋፊ ሰነዶች' };
    const paragraphs = kind === 'response'
      ? [
          'Dear customer, your case has been reviewed and the request is granted as described in your application.',
          'ውድ ደንበኛችን፣ ጉዳይዎ ታይቶ ጥያቄዎ በማመልከቻዎ በተገለጸው መሰረት ተፈቅዷል።',
        ]
      : ['Copies of the documents that support this application. ይህን ማመልከቻ የሚደግፉ ሰነዶች ቅጂ።'];
    const signedBy = kind === 'response' ? `${STAFF.meron.firstname} ${STAFF.meron.middlename} ${STAFF.meron.lastname} — Case officer · የጉዳይ ባለሙያ` : undefined;
    letters.set(key, renderCaseLetter({ caseNumber, title, paragraphs, signedBy, date }));
  }
  const pdf = await letters.get(key)!;
  const { name } = await storage.save('case-files', Readable.from([pdf]), pdfKind(ATTACHMENT_MAX_BYTES));
  await storage.claim(tx, 'case-files', name);
  return name;
}

/** Answers of a demo case: each question's demo answer, a select's as its option id. */
function demoAnswers(caseRequest: SeededCaseRequest) {
  return caseRequest.questions.map(({ id, template, optionIds }, position) => ({
    questionId: id,
    answer: template.inputType === 'select' ? optionIds[template.demoAnswer as number] : String(template.demoAnswer),
    position,
  }));
}

function historyOf(status: CaseStatus, dates: { created: Date; ongoing: Date; responded: Date; verified: Date; rejected: Date }) {
  const steps: [CaseStatus, Date][] = [['pending', dates.created]];
  if (status === 'rejected') return [...steps, ['rejected', dates.rejected] as [CaseStatus, Date]];
  if (status !== 'pending') steps.push(['ongoing', dates.ongoing]);
  if (status === 'responded' || status === 'verified') steps.push(['responded', dates.responded]);
  if (status === 'verified') steps.push(['verified', dates.verified]);
  return steps;
}

/** Adds the demo case requests and cases; the caller runs it once, on an empty database, after the staff. */
export async function seedCases(tx: Queryable, options: CaseSeedOptions) {
  const now = options.now ?? new Date();
  const { staff } = options;
  const seededRequests = await insertCaseRequests(tx);
  const customers: Record<DemoCase['customer'], string> = {
    demo: (await tx.query<{ id: string }>('SELECT id FROM customer_user WHERE lower(email) = lower($1)', [options.customerEmails.demo]))[0].id,
    second: (await tx.query<{ id: string }>('SELECT id FROM customer_user WHERE lower(email) = lower($1)', [options.customerEmails.second]))[0].id,
  };

  // Numbers are taken in filing order, from the same sequence as real applications.
  const order = demoCases.map((demo, index) => ({ demo, index })).sort((a, b) => b.demo.daysAgo - a.demo.daysAgo);
  const caseIds = new Map<number, string>();
  for (const { demo, index } of order) {
    const caseRequest = seededRequests.get(demo.caseRequest)!;
    const created = new Date(now.getTime() - demo.daysAgo * DAY);
    const after = (days: number) => new Date(created.getTime() + days * DAY);
    const dates = { created, ongoing: after(2), responded: after(RESPONSE_AFTER_DAYS), verified: after(demo.late ? VERIFIED_LATE_AFTER_DAYS : VERIFIED_AFTER_DAYS), rejected: after(4) };
    const caseNumber = await nextReference(tx, 'caseNumber', options.caseNumberPrefix, created);
    const { status } = demo;
    const attachment = demo.attachment ? await storeLetter(tx, options.storage, caseNumber, 'attachment', created) : null;
    const response = status === 'verified' ? await storeLetter(tx, options.storage, caseNumber, 'response', dates.verified) : null;
    const holderKey = status === 'ongoing' || status === 'responded' ? holderOf(demo.caseRequest) : undefined;
    const holder = holderKey ? staff[holderKey] : null;
    const caseId = await insertRow(
      tx,
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, related_case_id, status, remark,
         attachment, response_attachment, responded_by_id, rejected_by_id, rejection_justification,
         created_at, ongoing_date, verified_date, rejected_date, assigned_to_id, directorate_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
         (SELECT directorate_id FROM case_request WHERE id = $4))`,
      [
        caseNumber, customers[demo.customer], caseRequest.divisionId, caseRequest.id,
        demo.relatedTo === undefined ? null : caseIds.get(demo.relatedTo), status, demo.remark ?? '',
        attachment, response,
        // Meron answered the verified cases; a response still to be approved is its holder's.
        status === 'verified' ? staff.meron : status === 'responded' ? (holder ?? staff.meron) : null,
        status === 'rejected' ? staff.dawit : null,
        demo.rejection ?? null,
        created,
        status === 'pending' || status === 'rejected' ? null : dates.ongoing,
        status === 'verified' ? dates.verified : null,
        status === 'rejected' ? dates.rejected : null,
        holder,
      ],
    );
    caseIds.set(index, caseId);
    for (const { questionId, answer, position } of demoAnswers(caseRequest)) {
      // With the question's words as they read at filing (migration 017), as a filed case has them.
      await tx.query(
        `INSERT INTO case_answer (case_id, question_id, answer, position, ${SNAPSHOT_COLUMNS})
         SELECT $1, q.id, $3, $4, ${SNAPSHOT_VALUES}
         FROM question q LEFT JOIN question_option o ON o.question_id = q.id AND o.id::text = $3 WHERE q.id = $2`,
        [caseId, questionId, answer, position],
      );
    }
    for (const [step, at] of historyOf(status, dates)) {
      await tx.query('INSERT INTO case_history (case_id, status, changed_at) VALUES ($1, $2, $3)', [caseId, step, at]);
    }
    for (const { extendedAfter, scheduledAfter } of demo.schedule ?? []) {
      await tx.query(
        `INSERT INTO case_schedule (case_id, extended_by_id, extended_date, scheduled_by_id, scheduled_date, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [caseId, staff.dawit, after(extendedAfter), staff.meron, after(scheduledAfter), after(extendedAfter)],
      );
    }
    if (demo.rating) {
      await tx.query('INSERT INTO case_rating (case_id, customer_id, rate_num, created_at) VALUES ($1, $2, $3, $4)', [
        caseId, customers[demo.customer], demo.rating, after(VERIFIED_AFTER_DAYS + 1),
      ]);
    }
  }
}
