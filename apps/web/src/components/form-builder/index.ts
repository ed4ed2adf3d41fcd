export { FormBuilder, type FormBuilderProps, type FormBuilderValues } from './form-builder';
export { FormFieldControl, DEFAULT_TEXTAREA_ROWS } from './form-field-control';
export { FileField, type FileFieldProps, type FileValue } from './file-field';
export { FieldHelp, DEFAULT_HELP_URL } from './field-help';
export { toFormData, type ToFormDataOptions } from './to-form-data';
export { toDropzoneAccept, DEFAULT_ACCEPT, displayFileName } from './accept';
export { readServerErrors, issuesToErrors, withHash, buildInitialValues, emptyValueFor } from './values';
export {
  FIELD_TYPES,
  type FieldType,
  type FieldOption,
  type FieldOptionValue,
  type FormField,
  type FormValues,
  type FieldErrors,
  type FormSubmitResult,
  type CustomFieldProps,
} from './types';
