export { FormBuilder } from './form-builder';
export { FieldHelp } from './field-help';
export { toFormData } from './to-form-data';
export {
  
  
  
  
  type FormField,
  type FormValues,
  
  
  type CustomFieldProps,
} from './types';
