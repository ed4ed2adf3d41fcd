export { ProductMultiSelect } from './product-multi-select';
