import { accountReportXlsxRoute } from '@portal/contract/ledger';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import type { AccountReportRequest } from './get-account-report';

/** GET account-report-xlsx (decision 022): the ledger on screen, same agent and range, as a spreadsheet, saved. */
export async function downloadAccountReport(request: AccountReportRequest): Promise<void> {
  const { blob, fileName } = await apiDownload(accountReportXlsxRoute, { query: request, fallbackName: 'ledger.xlsx' });
  saveFile(blob, fileName);
}

export function useDownloadAccountReport() {
  return useMutation({
    mutationFn: downloadAccountReport,
    onError: (error) => notifyError(errorMessage(error)),
  });
}
