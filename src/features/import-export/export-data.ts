import { useMutation } from '@tanstack/react-query';
import { exportAllData, exportItemsFile } from '../../data/import-export/export-data';
import { datedFileName, downloadText } from './download';

export function useExportItemsCsv(userId: string) {
  return useMutation({
    mutationFn: async () => {
      const { csv, count } = await exportItemsFile(userId);
      downloadText(datedFileName('stockroom-items', 'csv'), csv, 'text/csv;charset=utf-8');
      return count;
    },
  });
}

export function useExportAllData(userId: string, email: string | undefined) {
  return useMutation({
    mutationFn: async () => {
      const data = await exportAllData(userId, email);
      downloadText(
        datedFileName('stockroom-data', 'json'),
        JSON.stringify(data, null, 2),
        'application/json',
      );
      return data.items.length;
    },
  });
}
