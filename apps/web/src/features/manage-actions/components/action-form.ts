import {
  ACTION_TYPE_LABELS,
  ACTION_TYPES,
  ACTION_VALUE_MESSAGES,
  ACTION_VALUE_REQUIRED,
  type ActionType,
  type ManageAction,
} from '@console/contract';
import type { FormField, FormValues } from '../../../components/form-builder';
import type { ResourceForm } from '../../../components/resource';
import { ActionValueField } from './action-value-field';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const ACTION_TYPE_OPTIONS = ACTION_TYPES.map((value) => ({ value, label: ACTION_TYPE_LABELS[value] }));

// Each field's help icon opens its section of the in-product help (/docs/manage-actions#<label>).
const withHelp = (field: FormField): FormField => ({
  ...field,
  showHelp: true,
  helpUrl: `/docs/manage-actions#${field.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
});

const actionFields = (clients: { id: number; name: string }[]): FormField[] =>
  (
    [
      { name: 'clientId', label: 'Client', type: 'select', required: true, options: clients.map((c) => ({ value: c.id, label: c.name })) },
      { name: 'name', label: 'Action name', type: 'text', required: true, placeholder: 'Spring offer page' },
      { name: 'actionType', label: 'Action type', type: 'select', required: true, options: ACTION_TYPE_OPTIONS },
      {
        name: 'value',
        label: 'Value',
        type: 'custom',
        required: true,
        // Named as the field shows itself for the chosen type ("Web address", "Media to show", ...).
        requiredMessage: (v) => ACTION_VALUE_REQUIRED[v.actionType as ActionType] ?? ACTION_VALUE_MESSAGES.required,
        component: ActionValueField,
      },
      { name: 'toneCode', label: 'Tone code', type: 'text', placeholder: 'AB-1234' },
      { name: 'status', label: 'Status', type: 'select', required: true, options: STATUS_OPTIONS },
    ] satisfies FormField[]
  ).map(withHelp);

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The add/edit drawer (JSON add/update). The client list comes from the picker's options; a new
 * action starts with the client chosen on the page.
 */
export function actionForm(clients: { id: number; name: string }[], clientId: number | undefined): ResourceForm<ManageAction> {
  return {
    fields: actionFields(clients),
    toValues: (a) => ({
      clientId: a?.clientId ?? clientId ?? '',
      name: a?.name ?? '',
      actionType: a?.actionType ?? 'open-url',
      value: a?.value ?? '',
      toneCode: a?.toneCode ?? '',
      status: a?.status ?? 'active',
    }),
    toBody: (v: FormValues) => ({
      clientId: Number(v.clientId) || null,
      name: text(v.name),
      actionType: v.actionType,
      value: text(v.value),
      toneCode: text(v.toneCode),
      status: v.status,
    }),
  };
}
