import { Group } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import classes from './otp.module.css';
import { applyArrow, applyBackspace, applyInput, fillFrom, type OtpStep } from './otp-boxes.logic';

type Props = {
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
};

/** Six one-digit boxes; all behaviour lives in otp-boxes.logic.ts. */
export function OtpBoxes({ digits, onChange, invalid, disabled, describedBy }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const apply = (step: OtpStep) => {
    onChange(step.digits);
    // Focus synchronously, so fast typing (and autofill) lands in the right box.
    const target = refs.current[step.focus];
    target?.focus();
    target?.select();
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(applyBackspace(digits, index));
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      apply(applyArrow(digits, index, event.key === 'ArrowLeft' ? 'left' : 'right'));
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(fillFrom(digits, index, event.clipboardData.getData('text')));
  };

  return (
    <Group gap="xs" justify="center" wrap="nowrap" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positional
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          className={classes.box}
          data-invalid={invalid || undefined}
          value={digit}
          onChange={(event) => apply(applyInput(digits, index, event.target.value))}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${digits.length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          name={`otp-${index + 1}`}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to enter on this screen
          autoFocus={index === 0}
        />
      ))}
    </Group>
  );
}
