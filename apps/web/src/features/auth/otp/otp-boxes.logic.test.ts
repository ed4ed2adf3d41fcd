import { describe, expect, it } from 'vitest';
import { applyArrow, applyBackspace, applyInput, emptyOtp, fillFrom, isCompleteOtp, joinOtp, otpError } from './otp-boxes.logic';

const digits = (text: string) => [...text.padEnd(6, ' ')].map((c) => (c === ' ' ? '' : c));

describe('applyInput', () => {
  it('puts a typed digit in the box and moves focus to the next', () => {
    expect(applyInput(emptyOtp(), 0, '4')).toEqual({ digits: digits('4'), focus: 1 });
  });
  it('keeps focus on the last box after the sixth digit', () => {
    expect(applyInput(digits('12345'), 5, '6')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('refuses letters and symbols', () => {
    expect(applyInput(digits('1'), 1, 'a')).toEqual({ digits: digits('1'), focus: 1 });
  });
  it('replaces the digit when typing into a filled box', () => {
    expect(applyInput(digits('123'), 1, '27')).toEqual({ digits: digits('173'), focus: 2 });
    expect(applyInput(digits('123'), 1, '72')).toEqual({ digits: digits('173'), focus: 2 });
  });
  it('clears the box when its value is deleted', () => {
    expect(applyInput(digits('123'), 2, '')).toEqual({ digits: digits('12'), focus: 2 });
  });
  it('treats several digits at once (autofill) as a paste', () => {
    expect(applyInput(emptyOtp(), 0, '654321')).toEqual({ digits: digits('654321'), focus: 5 });
  });
});

describe('applyBackspace', () => {
  it('clears a filled box and stays', () => {
    expect(applyBackspace(digits('123'), 2)).toEqual({ digits: digits('12'), focus: 2 });
  });
  it('moves back from an empty box', () => {
    expect(applyBackspace(digits('12'), 2)).toEqual({ digits: digits('12'), focus: 1 });
  });
  it('stays on the first box', () => {
    expect(applyBackspace(emptyOtp(), 0)).toEqual({ digits: emptyOtp(), focus: 0 });
  });
});

describe('fillFrom (paste)', () => {
  it('fills all six boxes from the first one, whatever box has focus', () => {
    expect(fillFrom(emptyOtp(), 3, '123456')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('ignores spaces and dashes in a pasted code', () => {
    expect(fillFrom(emptyOtp(), 0, ' 123-456 ')).toEqual({ digits: digits('123456'), focus: 5 });
  });
  it('fills a partial paste from the focused box', () => {
    expect(fillFrom(digits('12'), 2, '34')).toEqual({ digits: digits('1234'), focus: 4 });
  });
  it('cuts a long paste to six digits', () => {
    expect(joinOtp(fillFrom(emptyOtp(), 0, '12345678').digits)).toBe('123456');
  });
  it('ignores a paste without digits', () => {
    expect(fillFrom(digits('1'), 1, 'abc')).toEqual({ digits: digits('1'), focus: 1 });
  });
});

describe('applyArrow', () => {
  it('moves within bounds', () => {
    expect(applyArrow(emptyOtp(), 0, 'left').focus).toBe(0);
    expect(applyArrow(emptyOtp(), 0, 'right').focus).toBe(1);
    expect(applyArrow(emptyOtp(), 5, 'right').focus).toBe(5);
  });
});

describe('validation', () => {
  it('accepts exactly six digits', () => {
    expect(isCompleteOtp(digits('123456'))).toBe(true);
    expect(otpError(digits('123456'))).toBeNull();
  });
  it("rejects fewer with 'Please enter a 6-digit code'", () => {
    expect(isCompleteOtp(digits('12345'))).toBe(false);
    expect(otpError(digits('12345'))).toBe('Please enter a 6-digit code');
  });
});
