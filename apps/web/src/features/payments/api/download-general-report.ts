import { generalReportXlsxRoute } from '@portal/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import type { GeneralReportRange } from './get-general-report';

/** GET general-report-xlsx?from=&to= (decision 022): the same report and range as a spreadsheet, saved. */
export async function downloadGeneralReport(range: GeneralReportRange): Promise<void> {
  const { blob, fileName } = await apiDownload(generalReportXlsxRoute, { query: range, fallbackName: 'general-report.xlsx' });
  saveFile(blob, fileName);
}

export function useDownloadGeneralReport() {
  return useMutation({
    mutationFn: downloadGeneralReport,
    onError: (error) => notifyError(errorMessage(error)),
  });
}
