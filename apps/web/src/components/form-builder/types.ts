import type { ComponentType } from 'react';

/** Field types of spec s.5 "Generic form". */
export const FIELD_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'textarea',
  'select',
  'multiselect',
  'checkbox',
  'switch',
  'radio',
  'date',
  'color',
  'file',
  'custom',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type FieldOptionValue = string | number;

/** An option: a plain string (value = label) or an object (spec s.3). */
export type FieldOption =
  | string
  | {
      value: FieldOptionValue;
      label: string;
      description?: string;
      /** Image URL shown beside the option (select, multiselect, radio). */
      image?: string;
      disabled?: boolean;
    };

/** Props a `custom` field's component receives. */
export interface CustomFieldProps<V = unknown> {
  id: string;
  name: string;
  field: FormField;
  value: V;
  onChange: (value: V) => void;
  error?: string;
  disabled: boolean;
  /** Every value of the form, for fields that depend on others. */
  values: FormValues;
}

/**
 * One field of a generic form: spec s.3 "Form field schema", name for name.
 * Values per type: text/email/password/textarea/date/color/radio/select -> string ('' when empty;
 * select/radio options may carry numbers), number -> number | undefined, multiselect -> array,
 * checkbox/switch -> boolean, file -> File | string (existing path) | null, or an array with `multiple`.
 */
export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** The error of an empty required field, or one from the form's values; default '<label> is required'. */
  requiredMessage?: string | ((values: FormValues) => string);
  placeholder?: string;
  disabled?: boolean;
  /** select, multiselect, radio. */
  options?: FieldOption[];
  /** number: numeric bounds; date: 'yyyy-MM-dd' bounds. */
  min?: number | string;
  max?: number | string;
  step?: number;
  /** textarea rows; default 4. */
  rows?: number;
  /** file: accepted types like the HTML attribute ('image/*,.pdf') or a list; default images. */
  accept?: string | string[];
  /** file: allow several files. */
  multiple?: boolean;
  /** file: hint under the drop zone; default 'Upload image file'. */
  fileNote?: string;
  /** Documentation page the help icon opens; default '/docs'. */
  helpUrl?: string;
  /** Show the help icon. */
  showHelp?: boolean;
  /** custom: the component to render. */
  component?: ComponentType<CustomFieldProps>;
}

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

/** What onSubmit may return: the API's `{success:false, message, fieldErrors}` shape or nothing. */
export interface FormSubmitResult {
  success?: boolean;
  message?: string;
  fieldErrors?: FieldErrors;
}
