import { OTP_LENGTH, VALIDATION_MESSAGES } from '@console/contract';

/**
 * The six-box one-time-code input as pure functions (spec s.2/s.5): one digit per box,
 * typing moves to the next box, Backspace on an empty box moves back, pasting fills.
 * Each step returns the new digits and the box that should have focus.
 */
export type OtpDigits = readonly string[];
export type OtpStep = { digits: string[]; focus: number };

export const emptyOtp = (length: number = OTP_LENGTH): string[] => Array.from({ length }, () => '');

const onlyDigits = (text: string) => text.replace(/\D/g, '');
const clamp = (i: number, length: number) => Math.max(0, Math.min(length - 1, i));

/** Writes `text` into the boxes from `start`; a full-length code always fills from the first box. */
export function fillFrom(digits: OtpDigits, start: number, text: string): OtpStep {
  const length = digits.length;
  const incoming = onlyDigits(text);
  if (!incoming) return { digits: [...digits], focus: clamp(start, length) };
  const from = incoming.length >= length ? 0 : clamp(start, length);
  const next = [...digits];
  const chars = incoming.slice(0, length - from);
  [...chars].forEach((c, i) => {
    next[from + i] = c;
  });
  // Focus the box after the last one written, or the last box when the code reached the end.
  return { digits: next, focus: clamp(from + chars.length, length) };
}

/**
 * The box at `index` now holds `raw` (an input event). One new digit moves focus on; a
 * non-digit is refused; clearing the box keeps focus; several digits (autofill) act as a paste.
 */
export function applyInput(digits: OtpDigits, index: number, raw: string): OtpStep {
  const length = digits.length;
  const current = digits[index] ?? '';
  const incoming = onlyDigits(raw);
  if (raw === '') {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (!incoming) return { digits: [...digits], focus: index };
  // Typing into a filled box gives its old digit plus the new one: keep the new one.
  let digit = incoming;
  if (incoming.length === 2 && current) digit = incoming[0] === current ? incoming[1] : incoming[0];
  if (digit.length > 1) return fillFrom(digits, index, digit);
  const next = [...digits];
  next[index] = digit;
  return { digits: next, focus: clamp(index + 1, length) };
}

/** Backspace: clears a filled box (focus stays); on an empty box moves to the previous one. */
export function applyBackspace(digits: OtpDigits, index: number): OtpStep {
  if (digits[index]) {
    const next = [...digits];
    next[index] = '';
    return { digits: next, focus: index };
  }
  return { digits: [...digits], focus: clamp(index - 1, digits.length) };
}

/** Arrow keys move between boxes without changing them. */
export function applyArrow(digits: OtpDigits, index: number, direction: 'left' | 'right'): OtpStep {
  return { digits: [...digits], focus: clamp(index + (direction === 'left' ? -1 : 1), digits.length) };
}

export const joinOtp = (digits: OtpDigits) => digits.join('');

export const isCompleteOtp = (digits: OtpDigits, length: number = OTP_LENGTH) =>
  digits.length === length && digits.every((d) => /^\d$/.test(d));

/** Spec s.5: fewer than six digits is rejected with 'Please enter a 6-digit code'. */
export function otpError(digits: OtpDigits): string | null {
  return isCompleteOtp(digits) ? null : VALIDATION_MESSAGES.otpLength;
}
