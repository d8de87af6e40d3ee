import { describe, expect, it } from 'vitest';
import type { AccusationStatus } from '../contract/accusations.ts';
import { actionOf, canMove } from './review-states.ts';

describe('the states of an accusation', () => {
  // Every move there is, and whether it is allowed: only forward, one step at a time, never back out of closed.
  it.each([
    ['received', 'under_review', true],
    ['received', 'closed', false],
    ['under_review', 'under_review', false],
    ['under_review', 'closed', true],
    ['closed', 'under_review', false],
    ['closed', 'closed', false],
  ] as [AccusationStatus, 'under_review' | 'closed', boolean][])('%s → %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('names the action that makes each move', () => {
    expect(actionOf('under_review')).toBe('start_review');
    expect(actionOf('closed')).toBe('close');
  });
});
