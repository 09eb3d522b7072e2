import { agentsBalanceXlsxRoute } from '@portal/contract/ledger';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';

/** GET agents-balance-xlsx (PRODUCT §6): the whole Balance Report, every agent, as a spreadsheet, saved. */
export async function downloadAgentsBalance(): Promise<void> {
  const { blob, fileName } = await apiDownload(agentsBalanceXlsxRoute, { fallbackName: 'agents-balance.xlsx' });
  saveFile(blob, fileName);
}

export function useDownloadAgentsBalance() {
  return useMutation({
    mutationFn: downloadAgentsBalance,
    onError: (error) => notifyError(errorMessage(error)),
  });
}
