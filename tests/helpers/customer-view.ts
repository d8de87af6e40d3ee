import { expect } from 'vitest';
import { expectOk, type Json } from './expect-api.ts';
import { jsonCalls } from './json-calls.ts';
import { pdfPages, squashed } from './pdf-text.ts';

/**
 * Everything the customer's calls say about one of their cases, as one text: the case by id,
 * in the whole list, in the list page, in the history, by its number (the status check), and
 * its printout's text. What staff keep to themselves must be found in none of it.
 */
export async function customerSees(baseUrl: string, customer: string, kase: { id: string; case_number: string }): Promise<string> {
  const { get, post } = jsonCalls(() => baseUrl);
  const byId = await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer));
  const all: Json[] = await expectOk(await get('/customer_case_api/get_all_cases', customer));
  const page = await expectOk(await get('/customer_case_api/get_case', customer));
  const history = await expectOk(await get('/customer_case_history_api/get_case_history', customer));
  const byNumber = await expectOk(await post('/customer_case_api/get_case_by_casenum', { casenum: kase.case_number }, customer));
  expect(byNumber.masked).toBe(false);
  const { file } = await expectOk(await get(`/customer_case_api/print_case/${kase.id}`, customer));
  const printout = await get(`/media/CaseFiles/${file}`);
  expect(printout.status).toBe(200);
  const printed = (await pdfPages(new Uint8Array(await printout.arrayBuffer()))).join('');
  return JSON.stringify([byId, all.find((each) => each._id === kase.id), page, history, byNumber]) + squashed(printed);
}
