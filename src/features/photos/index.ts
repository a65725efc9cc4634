// Photos of items (issue 40): the item dialog's Photos section and the 40 px thumbnail slot the
// item lists show; its data is in src/data/photos.
export { ItemPhotos } from './item-photos';
export { ItemThumb } from './item-thumb';
