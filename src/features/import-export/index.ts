// The public face of import and export; other code imports from here only.
export { ImportScreen } from './import-screen';
export { ExportScreen } from './export-screen';
export { datedFileName, downloadText } from './download';
