import {
  insightsXlsxRoute,
  receivablesByAgeRoute,
  salesReceiptsRoute,
  seatsBySectorRoute,
  type InsightReport,
} from '@portal/contract/insights';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';

/**
 * The insights reports (PRODUCT §6, decision 034). Under the bookings prefix like the General Report, so every
 * booking or payment change that invalidates 'bookings' refreshes them. Features do not import each other.
 */
export const insightsQueryKey = ['bookings', 'insights'] as const;

/** GET insights/sales-receipts: the last 30 days, oldest first, every day present. */
export function useSalesReceipts() {
  return useQuery({ queryKey: [...insightsQueryKey, 'sales-receipts'], queryFn: ({ signal }) => apiRequest(salesReceiptsRoute, { signal }) });
}

/** GET insights/seats-by-sector: open groups departing from today on, per outbound sector. */
export function useSeatsBySector() {
  return useQuery({ queryKey: [...insightsQueryKey, 'seats-by-sector'], queryFn: ({ signal }) => apiRequest(seatsBySectorRoute, { signal }) });
}

/** GET insights/receivables-by-age: what each agent owes by age of the debt. */
export function useReceivablesByAge() {
  return useQuery({ queryKey: [...insightsQueryKey, 'receivables-by-age'], queryFn: ({ signal }) => apiRequest(receivablesByAgeRoute, { signal }) });
}

/** GET insights-xlsx?report=: one report's table as a spreadsheet, saved. */
export async function downloadInsight(report: InsightReport): Promise<void> {
  const { blob, fileName } = await apiDownload(insightsXlsxRoute, { query: { report }, fallbackName: `${report}.xlsx` });
  saveFile(blob, fileName);
}

export function useDownloadInsight() {
  return useMutation({ mutationFn: downloadInsight, onError: (error) => notifyError(errorMessage(error)) });
}
