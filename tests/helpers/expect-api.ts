import { expect } from 'vitest';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API bodies are read field by field in tests
export type Json = Record<string, any>;
export const LANGS = ['en', 'am', 'or', 'tg', 'sm', 'af'];
export const ETHIOPIC = /[\u1200-\u137F]/;

/** A body that speaks to a person: Message_en … Message_af, with real Amharic, not English copied. */
export function expectMessages(body: Json) {
  for (const lang of LANGS) {
    expect(typeof body[`Message_${lang}`], `Message_${lang}`).toBe('string');
    expect((body[`Message_${lang}`] as string).length, `Message_${lang}`).toBeGreaterThan(0);
  }
  expect(body.Message_am).not.toBe(body.Message_en);
  expect(body.Message_am).toMatch(ETHIOPIC);
}

/** A refusal: its status, its stable code and the message in six languages. */
export async function expectError(response: Response, status: number, code: string): Promise<Json> {
  const text = await response.text();
  expect(response.status, `${code}: ${text}`).toBe(status);
  const body = JSON.parse(text) as Json;
  expect(body.code, text).toBe(code);
  expectMessages(body);
  return body;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer may be a list or an object
export async function expectOk(response: Response, status = 200): Promise<any> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as Json;
}
