import { pnrNameListRoute } from '@portal/contract/ticketing';
import { apiDownload } from '@/lib/api-client';

/** GET pnr-namelist (admin): the airline name list as plain text, read when 'Copy name list' is pressed. */
export async function getPnrNameList(pnr: string): Promise<string> {
  const { blob } = await apiDownload(pnrNameListRoute, { query: { pnr }, fallbackName: 'name-list.txt' });
  return blob.text();
}
