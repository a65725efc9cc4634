// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CODE_NEEDED,
  CODE_REFUSED,
  cleanCode,
  codeStepReducer,
  initialCodeStep,
  isCompleteCode,
  type CodeStepAction,
  type CodeStepState,
} from '../../../../src/features/auth/mfa';

const run = (actions: CodeStepAction[], from: CodeStepState = initialCodeStep) =>
  actions.reduce(codeStepReducer, from);

describe('the code step input', () => {
  it('keeps digits only, at most six (pasted "123 456", "123-456")', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(cleanCode('123-4567')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
    expect(cleanCode(' 0 0 1 ')).toBe('001');
  });

  it('is complete at exactly six digits', () => {
    expect(isCompleteCode('000123')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});

describe('codeStepReducer', () => {
  it('starts empty, editing, without an error', () => {
    expect(initialCodeStep).toEqual({ code: '', phase: 'editing', error: null });
  });

  it('refuses to send an incomplete code, saying what is needed', () => {
    const state = run([{ type: 'typed', value: '123' }, { type: 'submitted' }]);
    expect(state).toEqual({ code: '123', phase: 'editing', error: CODE_NEEDED });
  });

  it('sends a complete code (verifying) and ignores typing and resubmits meanwhile', () => {
    const sending = run([{ type: 'typed', value: '123 456' }, { type: 'submitted' }]);
    expect(sending).toEqual({ code: '123456', phase: 'verifying', error: null });
    expect(codeStepReducer(sending, { type: 'typed', value: '9' })).toBe(sending);
    expect(codeStepReducer(sending, { type: 'submitted' })).toBe(sending);
  });

  it("shows the server's message for a refused code and empties the field", () => {
    const refused = run([
      { type: 'typed', value: '000000' },
      { type: 'submitted' },
      { type: 'refused', message: 'Invalid TOTP code entered' },
    ]);
    expect(refused).toEqual({ code: '', phase: 'editing', error: 'Invalid TOTP code entered' });
  });

  it('falls back to "Invalid TOTP code entered" when the error has no message', () => {
    const refused = run([
      { type: 'typed', value: '000000' },
      { type: 'submitted' },
      { type: 'refused', message: undefined },
    ]);
    expect(refused.error).toBe(CODE_REFUSED);
    expect(CODE_REFUSED).toBe('Invalid TOTP code entered');
  });

  it('clears the error as soon as the next code is typed, and can try again', () => {
    const again = run([
      { type: 'typed', value: '000000' },
      { type: 'submitted' },
      { type: 'refused', message: 'Invalid TOTP code entered' },
      { type: 'typed', value: '65' },
    ]);
    expect(again).toEqual({ code: '65', phase: 'editing', error: null });
    expect(run([{ type: 'typed', value: '6543 21' }, { type: 'submitted' }], again).phase).toBe(
      'verifying',
    );
  });

  it('ends verified; nothing moves it back', () => {
    const done = run([
      { type: 'typed', value: '123456' },
      { type: 'submitted' },
      { type: 'verified' },
    ]);
    expect(done.phase).toBe('verified');
    expect(codeStepReducer(done, { type: 'typed', value: '1' })).toBe(done);
    expect(codeStepReducer(done, { type: 'submitted' })).toBe(done);
  });
});
