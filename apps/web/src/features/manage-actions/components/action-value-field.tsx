import type { ActionType } from '@console/contract';
import { Select, TextInput } from '@mantine/core';
import { IconAt, IconLink, IconPhone, IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { CustomFieldProps } from '../../../components/form-builder';
import { useClientMedia } from '../manage-actions-api';

/** What the value means for each type: the label, input type and an example the user can follow. */
const VALUE_INPUT: Record<
  Exclude<ActionType, 'show-media'>,
  { label: string; type: string; placeholder: string; icon: typeof IconLink }
> = {
  'open-url': { label: 'Web address', type: 'url', placeholder: 'https://example.com/offer', icon: IconLink },
  'deep-link': { label: 'Deep link', type: 'text', placeholder: 'myapp://offers/42', icon: IconLink },
  call: { label: 'Phone number to call', type: 'tel', placeholder: '+15550100123', icon: IconPhone },
  sms: { label: 'Phone number to text', type: 'tel', placeholder: '+15550100123', icon: IconPhone },
  email: { label: 'E-mail address', type: 'email', placeholder: 'hello@example.com', icon: IconAt },
};

function MediaSelect({ id, value, onChange, error, disabled, clientId }: CustomFieldProps<string> & { clientId: number | undefined }) {
  const { media, isLoading } = useClientMedia(clientId);
  const data = media.map((m) => ({ value: String(m.id), label: `${m.title} (${m.kind === 'demo' ? 'demo' : 'campaign'})` }));
  if (value && !data.some((o) => o.value === value)) data.push({ value, label: `Media #${value}` });
  const empty = !clientId ? 'Choose a client first' : isLoading ? 'Loading media…' : 'This client has no media yet';
  return (
    <Select
      id={id}
      label="Media to show"
      required
      withAsterisk
      leftSection={<IconPhoto size={16} aria-hidden />}
      placeholder={data.length ? 'Choose a media item' : empty}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      // Required: picking the chosen media again keeps it (Mantine would deselect it).
      allowDeselect={false}
      searchable
      nothingFoundMessage="No media found"
      error={error}
      disabled={disabled || !clientId}
    />
  );
}

/**
 * The action's value, whose input follows the chosen type: a URL, link, phone or e-mail input,
 * or for show-media a select of the chosen client's demo and campaign media. Changing the type
 * clears a value that was meant for the previous one.
 */
export function ActionValueField(props: CustomFieldProps) {
  const { values, onChange } = props;
  const actionType = (values.actionType || 'open-url') as ActionType;
  const value = typeof props.value === 'string' ? props.value : '';
  const previousType = useRef(actionType);
  useEffect(() => {
    if (previousType.current !== actionType) onChange('');
    previousType.current = actionType;
  }, [actionType, onChange]);

  if (actionType === 'show-media') {
    const clientId = Number(values.clientId) || undefined;
    return <MediaSelect {...props} value={value} onChange={onChange as (v: string) => void} clientId={clientId} />;
  }
  const input = VALUE_INPUT[actionType] ?? VALUE_INPUT['open-url'];
  const Icon = input.icon;
  return (
    <TextInput
      id={props.id}
      name={props.name}
      label={input.label}
      type={input.type}
      required
      withAsterisk
      leftSection={<Icon size={16} aria-hidden />}
      placeholder={input.placeholder}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={props.error}
      disabled={props.disabled}
      autoComplete="off"
    />
  );
}
