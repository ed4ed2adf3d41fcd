import {
  Box,
  Checkbox,
  ColorInput,
  Group,
  Image,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ComboboxItem } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { FieldHelp } from './field-help';
import { FileField } from './file-field';
import type { FieldOptionValue, FormField, FormValues } from './types';
import { type NormalisedOption, normaliseOptions, withHash } from './values';

export interface FormFieldControlProps {
  id: string;
  field: FormField;
  value: unknown;
  error?: string;
  onChange: (name: string, value: unknown) => void;
  values: FormValues;
  resolveFileUrl?: (path: string) => string;
  resolveFileName?: (path: string) => string | null | undefined;
}

export const DEFAULT_TEXTAREA_ROWS = 4;

/** One field of the generic form, wrapped so the builder can find and focus it by name. */
export function FormFieldControl(props: FormFieldControlProps) {
  const { field } = props;
  return (
    <Box data-field-name={field.name} pos="relative">
      <Control {...props} />
      {field.showHelp ? (
        // Outside the <label>: a link inside a label would also activate the input.
        <Box pos="absolute" top={-2} right={0}>
          <FieldHelp label={field.label} helpUrl={field.helpUrl} inTabOrder={false} />
        </Box>
      ) : null}
    </Box>
  );
}

function RequiredMark() {
  return (
    <Text component="span" c="red" aria-hidden inherit>
      {' *'}
    </Text>
  );
}

/** Mantine's comboboxes want string values; options may carry numbers (e.g. roleId). */
function useOptionMaps(field: FormField) {
  return useMemo(() => {
    const options = normaliseOptions(field.options);
    const byKey = new Map<string, NormalisedOption>(options.map((o) => [String(o.value), o]));
    const data: ComboboxItem[] = options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }));
    const toValue = (key: string | null): FieldOptionValue | '' => (key === null ? '' : (byKey.get(key)?.value ?? key));
    return { options, byKey, data, toValue };
  }, [field.options]);
}

function OptionView({ option }: { option?: NormalisedOption }): ReactNode {
  if (!option) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      {option.image ? <Image src={option.image} alt="" w={24} h={24} radius="sm" /> : null}
      <div>
        <Text size="sm">{option.label}</Text>
        {option.description ? (
          <Text size="xs" c="dimmed">
            {option.description}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

function Control({ id, field, value, error, onChange, values, resolveFileUrl, resolveFileName }: FormFieldControlProps) {
  const set = (next: unknown) => onChange(field.name, next);
  const maps = useOptionMaps(field);
  const disabled = Boolean(field.disabled);
  const common = {
    id,
    name: field.name,
    label: field.label,
    required: field.required,
    placeholder: field.placeholder,
    disabled,
    error,
  };
  const str = typeof value === 'string' || typeof value === 'number' ? String(value) : '';

  switch (field.type) {
    case 'text':
    case 'email':
      return <TextInput {...common} type={field.type} value={str} onChange={(e) => set(e.currentTarget.value)} />;
    case 'password':
      return (
        <PasswordInput
          {...common}
          value={str}
          onChange={(e) => set(e.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${field.label}` }}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={str}
          min={field.min === undefined ? undefined : String(field.min)}
          max={field.max === undefined ? undefined : String(field.max)}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return <Textarea {...common} rows={field.rows ?? DEFAULT_TEXTAREA_ROWS} value={str} onChange={(e) => set(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          min={typeof field.min === 'number' ? field.min : undefined}
          max={typeof field.max === 'number' ? field.max : undefined}
          step={field.step}
          onChange={(next) => set(next === '' ? undefined : next)}
          // Spec s.5: the mouse wheel must not change a number; leaving the field stops it.
          onWheel={(e) => e.currentTarget.blur()}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          placeholder={field.placeholder ?? '#143f6f'}
          format="hex"
          fixOnBlur={false}
          withEyeDropper={false}
          value={str}
          onChange={(next) => set(withHash(next))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={maps.data}
          value={str === '' ? null : str}
          onChange={(key) => set(maps.toValue(key))}
          clearable={!field.required}
          // Picking the chosen option again must not empty a required field (Mantine deselects by default).
          allowDeselect={!field.required}
          // A named clear button: screen readers and keyboard users know what it empties.
          clearButtonProps={{ 'aria-label': `Clear ${field.label}` }}
          searchable={maps.data.length > 8}
          renderOption={({ option }) => <OptionView option={maps.byKey.get(option.value)} />}
        />
      );
    case 'multiselect': {
      const list = Array.isArray(value) ? value.map(String) : [];
      return (
        <MultiSelect
          {...common}
          data={maps.data}
          value={list}
          onChange={(keys) => set(keys.map((k) => maps.toValue(k)))}
          searchable={maps.data.length > 8}
          clearable
          renderOption={({ option }) => <OptionView option={maps.byKey.get(option.value)} />}
        />
      );
    }
    case 'radio':
      return (
        <Radio.Group
          id={id}
          name={field.name}
          label={field.label}
          required={field.required}
          error={error}
          value={str === '' ? null : str}
          onChange={(key) => set(maps.toValue(key))}
        >
          <Stack gap="xs" mt={6}>
            {maps.options.map((option) => (
              <Radio
                key={String(option.value)}
                value={String(option.value)}
                label={option.image ? <OptionView option={{ ...option, description: undefined }} /> : option.label}
                description={option.description}
                disabled={disabled || option.disabled}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkbox':
    case 'switch': {
      const Component = field.type === 'checkbox' ? Checkbox : Switch;
      return (
        <Component
          id={id}
          name={field.name}
          label={
            <>
              {field.label}
              {field.required ? <RequiredMark /> : null}
            </>
          }
          required={field.required}
          disabled={disabled}
          error={error}
          checked={value === true}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    }
    case 'file':
      return (
        <FileField
          id={id}
          field={field}
          value={value}
          onChange={set}
          error={error}
          disabled={disabled}
          resolveFileUrl={resolveFileUrl}
          resolveFileName={resolveFileName}
        />
      );
    case 'custom': {
      const Custom = field.component;
      if (!Custom) return null;
      return (
        <Custom id={id} name={field.name} field={field} value={value} onChange={set} error={error} disabled={disabled} values={values} />
      );
    }
    default:
      return null;
  }
}
