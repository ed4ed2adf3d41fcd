import { ERROR_MESSAGES, UI_TEXT } from '@console/contract';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../lib/api-client';
import { FormHelpLink, formHelpUrl } from './field-help';
import { FormFieldControl } from './form-field-control';
import type { FieldErrors, FormField, FormSubmitResult, FormValues } from './types';
import {
  buildInitialValues,
  changedFrom,
  firstErrorField,
  firstInput,
  focusField,
  issuesToErrors,
  readServerErrors,
  requiredErrors,
} from './values';

/** What onSubmit receives: the schema's output merged over the raw values (files and fields the schema does not know survive). */
export type FormBuilderValues<S extends z.ZodType> = (unknown extends z.output<S> ? FormValues : z.output<S>) & FormValues;

export interface FormBuilderProps<S extends z.ZodType = z.ZodType> {
  fields: readonly FormField[];
  /** The same zod schema the API validates with (from @console/contract). Without one, `required` is still checked. */
  schema?: S;
  /** Read once on mount; to load another record, change the component's `key`. */
  initialValues?: FormValues;
  /**
   * Return (or throw) the API's `{success:false, message, fieldErrors}` to show errors by field;
   * the first field with an error gets focus. Throwing anything else shows its message above the form.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing (async or not) are the common case
  onSubmit: (values: FormBuilderValues<S>) => Promise<FormSubmitResult | void> | FormSubmitResult | void;
  submitLabel?: string;
  /** Shows 'Submitting...' as when a submit is running (e.g. a mutation's isPending). */
  loading?: boolean;
  /** Field errors from the caller (e.g. a mutation's error); a new object shows them and focuses the first. */
  errors?: FieldErrors;
  onCancel?: () => void;
  cancelLabel?: string;
  onValuesChange?: (values: FormValues) => void;
  /** Told when the values start or stop differing from the starting ones (to ask before they are thrown away). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Turns a stored file path into a URL for previews in edit forms. */
  resolveFileUrl?: (path: string) => string;
  /** The name shown for a stored file (its original upload name; stored keys are generated). */
  resolveFileName?: (path: string) => string | null | undefined;
  /**
   * Shown above the form when a submit fails without a message from the server (spec s.8's
   * fallbacks, e.g. 'Error adding user'). The form is the one place a submit error is shown:
   * callers do not toast it as well.
   */
  errorFallback?: string;
  /** Extra content between the fields and the buttons. */
  children?: ReactNode;
  /**
   * Start in the first field that takes input (a form in a dialog or drawer; the APG dialog pattern),
   * not on the dialog's Close button. Not on touch screens, where a focused input pops the keyboard
   * over half the form before the user chose to type.
   */
  autoFocus?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** The server's message when it sent one (not its generic 'Something Went Wrong!'), else the caller's fallback. */
function submitErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return errorMessage(error, fallback);
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The generic form of spec s.5, driven by the field schema of spec s.3. */
export function FormBuilder<S extends z.ZodType = z.ZodType>({
  fields,
  schema,
  initialValues,
  onSubmit,
  submitLabel = 'Submit',
  loading = false,
  errors: callerErrors,
  onCancel,
  cancelLabel = 'Cancel',
  onValuesChange,
  onDirtyChange,
  resolveFileUrl,
  resolveFileName,
  errorFallback = ERROR_MESSAGES.generic,
  children,
  autoFocus = false,
  id,
  'aria-label': ariaLabel,
}: FormBuilderProps<S>) {
  const autoId = useId();
  const formId = id ?? `form-${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [start] = useState<FormValues>(() => buildInitialValues(fields, initialValues));
  const [values, setValues] = useState<FormValues>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const pendingFocus = useRef<string | undefined>(undefined);
  const busy = submitting || loading;

  // Callers often pass `fields` inline; a ref keeps showErrors stable so the caller-errors
  // effect below does not re-apply old errors on every render.
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const showErrors = useCallback((fieldErrors: FieldErrors, message?: string) => {
    // Errors for names the form does not show would be invisible: list them above the form.
    const names = new Set(fieldsRef.current.map((f) => f.name));
    const orphans = Object.entries(fieldErrors).filter(([name]) => !names.has(name));
    const lines = [message, ...orphans.map(([name, text]) => `${name}: ${text}`)].filter(Boolean);
    setErrors(fieldErrors);
    setFormError(lines.length > 0 ? lines.join('\n') : undefined);
    pendingFocus.current = firstErrorField(fieldsRef.current, fieldErrors);
  }, []);

  // Focus after the errors are on screen (and their inputs marked invalid).
  // biome-ignore lint/correctness/useExhaustiveDependencies: errors is the trigger (they have just rendered), not an input
  useEffect(() => {
    if (!pendingFocus.current) return;
    focusField(formRef.current, pendingFocus.current);
    pendingFocus.current = undefined;
  }, [errors]);

  useLayoutEffect(() => {
    if (!autoFocus || window.matchMedia?.('(pointer: coarse)').matches) return;
    const form = formRef.current;
    const target = firstInput(form);
    if (!form || !target) return;
    // Mantine's focus trap focuses [data-autofocus] a tick after the dialog opens.
    target.setAttribute('data-autofocus', '');
    // A form that appears after that (its options were loading) moves the focus itself, from the
    // dialog's own controls only: never from somewhere the user went meanwhile.
    const active = document.activeElement;
    const dialog = form.closest('[role="dialog"]');
    if (active && dialog?.contains(active) && !form.contains(active)) target.focus({ preventScroll: true });
  }, [autoFocus]);

  useEffect(() => {
    if (callerErrors && Object.keys(callerErrors).length > 0) showErrors({ ...callerErrors });
  }, [callerErrors, showErrors]);

  const onValuesChangeRef = useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) onValuesChangeRef.current?.(values);
    mounted.current = true;
  }, [values]);

  const dirty = changedFrom(start, values, fields);
  const onDirtyChangeRef = useRef(onDirtyChange);
  onDirtyChangeRef.current = onDirtyChange;
  // In the commit of the keystroke itself (a layout effect), so an Escape pressed right after it
  // already finds the form changed.
  useLayoutEffect(() => {
    onDirtyChangeRef.current?.(dirty);
  }, [dirty]);

  const setFieldValue = useCallback((name: string, value: unknown) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // Editing a field clears its error (spec s.5).
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const { [name]: _removed, ...rest } = prev;
      return rest;
    });
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);

    let submitted: FormValues = values;
    // Every error at once: the empty required fields, then the schema's own words where it has some.
    const missing = requiredErrors(fields, values);
    if (schema) {
      const parsed = await schema.safeParseAsync(values);
      if (!parsed.success) {
        const { fieldErrors, formError: orphan } = issuesToErrors(parsed.error.issues, fields);
        showErrors({ ...missing, ...fieldErrors }, orphan);
        return;
      }
      submitted = { ...values, ...(parsed.data as FormValues) };
    }
    if (Object.keys(missing).length > 0) {
      showErrors(missing);
      return;
    }

    setSubmitting(true);
    try {
      const result = await onSubmit(submitted as FormBuilderValues<S>);
      const server = readServerErrors(result);
      if (server) showErrors(server.fieldErrors, Object.keys(server.fieldErrors).length === 0 ? server.message : undefined);
      else if (result && result.success === false) setFormError(result.message || ERROR_MESSAGES.generic);
    } catch (error) {
      const server = readServerErrors(error);
      if (server && Object.keys(server.fieldErrors).length > 0) showErrors(server.fieldErrors);
      else setFormError(submitErrorText(error, errorFallback));
    } finally {
      setSubmitting(false);
    }
  };

  const helpUrl = formHelpUrl(fields);
  return (
    <form ref={formRef} id={formId} noValidate onSubmit={handleSubmit} aria-label={ariaLabel} aria-busy={busy || undefined}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {formError}
          </Alert>
        ) : null}
        {fields.map((field) => (
          <FormFieldControl
            key={field.name}
            id={`${formId}-${field.name}`}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={setFieldValue}
            values={values}
            resolveFileUrl={resolveFileUrl}
            resolveFileName={resolveFileName}
          />
        ))}
        {children}
        <Group justify="flex-end" gap="sm">
          {helpUrl ? (
            <div style={{ marginInlineEnd: 'auto' }}>
              <FormHelpLink href={helpUrl} />
            </div>
          ) : null}
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {cancelLabel}
            </Button>
          ) : null}
          <Button type="submit" disabled={busy} leftSection={busy ? <Loader size={14} aria-hidden /> : undefined}>
            {busy ? UI_TEXT.submitting : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
