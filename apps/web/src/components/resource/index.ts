export {
  createResourceApi,
  resourceKeys,
  type BulkDeleteOutcome,
  type ResourceApi,
  type ResourceApiOptions,
  type ResourceDeclaration,
  type ResourceFilters,
  type WriteOptions,
  type WriteResponse,
} from './resource-api';
export { ResourcePage, type ResourcePageProps } from './resource-page';
export { ResourceFormDrawer, type EditorState, type ResourceForm } from './resource-form-drawer';
export { EmptyActionSlot, historyIcon, historyLabel, RowActions, type RowAction } from './row-actions';
export { HistoryHelpLink } from './history-drawer';
export { HistoryEntry } from './history-entry';
export { actorLabel, describeAction, formatValue, humaniseField, summariseChanges } from './history-format';
export type { HistoryResource } from './use-history';
export {
  describeBulkFailures,
  refusedDeleteTitle,
  useResourceDelete,
  useResourceFilters,
  useResourcePermissions,
  useResourceWrites,
  type DeleteTexts,
} from './use-resource';
export { FilterBar, type FilterSelect } from './filter-bar';
export { optionsFilterSelect } from './options-filter';
export {
  type OptionRow,
  type OptionsRequest,
  type ResourceOption,
  resourceOptionsQuery,
  useResourceOptions,
} from './resource-options';
export { ResourcePicker, type ResourcePickerProps } from './resource-picker';
export {
  parseFilters,
  urlFilterSpec,
  useUrlFilters,
  writeFilters,
  type FilterPatch,
  type FilterSpec,
  type FilterValues,
} from './url-filters';
export { useUserSearch } from './user-search';
export { UserFilterSelect } from './user-filter-select';
export { DateRangeInputs } from './date-range-inputs';
