import { PasswordInput } from '@mantine/core';
import type { CustomFieldProps } from '../../../components/form-builder';

const KEEP_PASSWORD_HINT = 'Leave empty to keep the current password';

/**
 * The password input of the user form. A custom field only because the edit form needs a
 * hint under the input, tied to it with aria-describedby, which the field schema cannot carry.
 */
export function PasswordField({ id, name, field, value, onChange, error, disabled }: CustomFieldProps) {
  return (
    <PasswordInput
      id={id}
      name={name}
      label={field.label}
      required={field.required}
      placeholder={field.placeholder}
      description={field.required ? undefined : KEEP_PASSWORD_HINT}
      autoComplete="new-password"
      disabled={disabled}
      error={error}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${field.label}` }}
    />
  );
}
