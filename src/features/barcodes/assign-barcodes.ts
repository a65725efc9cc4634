import { useAssignBarcodesMutation } from '../../data/items/assign-barcodes';
import { useStockroomId } from '../account';

/** Gives the signed-in seller's items without a barcode a generated one (data/items). */
export function useAssignBarcodes() {
  const stockroomId = useStockroomId();
  return useAssignBarcodesMutation(stockroomId);
}
