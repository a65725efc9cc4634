// A generic room › isle › unit › shelf picker for any screen that puts things on a shelf
// (bulk scan today). Other features import from here only.
export { ShelfPicker, shelfPlaceName, useShelfPlaces, type ShelfPickerProps } from './shelf-picker';
