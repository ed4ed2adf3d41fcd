import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** zod -> { field: first message }, so the screens show the contract's messages (spec s.5). */
function fieldErrorsOf<T>(schema: z.ZodType, values: T): FieldErrors<T> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/**
 * The few form features the auth screens need: values, zod validation on submit, errors that
 * clear when their field is edited, focus on the first invalid field. (A small hook instead of
 * @mantine/form keeps the sign-in page's JavaScript small.)
 */
export function useZodForm<T extends Record<string, string | boolean>>(schema: z.ZodType, initialValues: T) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});

  const set = <K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };

  /** Props for a text-like input: name, value, onChange, error. */
  const text = <K extends keyof T & string>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.value as T[K]),
    error: errors[name],
  });

  /** Props for a checkbox: name, checked, onChange. */
  const checkbox = <K extends keyof T & string>(name: K) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.checked as T[K]),
  });

  const onSubmit = (handler: (values: T) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrorsOf(schema, values);
    const names = Object.keys(found);
    setErrors(found);
    if (names.length === 0) {
      void handler(values);
      return;
    }
    const form = event.currentTarget;
    const first = Array.from(form.elements).find((el): el is HTMLInputElement => el instanceof HTMLInputElement && names.includes(el.name));
    first?.focus();
  };

  const reset = () => {
    setValues(initialValues);
    setErrors({});
  };

  return { values, errors, text, checkbox, onSubmit, reset };
}
