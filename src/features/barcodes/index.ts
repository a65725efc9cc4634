// The public face of the barcodes feature (bulk scan, put-away, labels); pages import from here.
export { ScanScreen } from './scan-screen';
export { LabelsScreen } from './labels-screen';
export { BarcodeSvg } from './barcode-svg';
export { useScanAccess } from './scan-access';
