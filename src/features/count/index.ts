// The public face of shelf counting (issue #41): the count of one shelf and the shelves not
// counted lately. Its data is in src/data/counts, its rules in src/domain/shelf-count.ts.
export { CountScreen } from './count-screen';
export { NotCountedList } from './not-counted-list';
export { countShelfPath } from '../../domain/shelf-count';
