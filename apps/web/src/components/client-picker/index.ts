// A client picker shared by the screens that hang off one client (media, manage-actions, locations).
export { type ClientOption, ClientPicker, type ClientPickerProps, useClientIdParam, useClientOptions } from './client-picker';
export { readClientIdParam } from './client-id-param';
