export { ProductMultiSelect, type ProductMultiSelectProps, type ProductGroup, type ProductItem } from './product-multi-select';
