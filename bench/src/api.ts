/** The few API calls the bench makes itself (sign-in, availability, a booking): plain fetch, the timed booking through client.ts. */
import { BROWSER_HEADERS, headerOf, send } from './client.js';
import { parseServerTiming } from './stats.js';

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { success?: { token?: string }; message?: string };
  const token = body.success?.token;
  if (!response.ok || !token) throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** Seats sold on a group (live bookings' adults and children), as the admin's editgroup answers it. */
export async function soldSeats(baseUrl: string, adminToken: string, groupId: number): Promise<{ sold: number; total: number }> {
  const response = await fetch(`${baseUrl}/api/editgroup/${groupId}`, { headers: bearer(adminToken) });
  const body = (await response.json()) as { data?: { sold?: number; total_ticket?: number } };
  if (!response.ok || typeof body.data?.sold !== 'number' || typeof body.data.total_ticket !== 'number') {
    throw new Error(`editgroup/${groupId} failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return { sold: body.data.sold, total: body.data.total_ticket };
}

/** An 8x8 PNG: the passport scan every passenger needs (PRODUCT §4). */
const PASSPORT_SCAN = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAANklEQVR4nGPQiFqAFTG45q/GihgSW7djRQx1sw5hRQyzNpzDihi2H72JFTFcvv0UK2L4gAMAAGP/fkFgbQZnAAAAAElFTkSuQmCC',
  'base64',
);

export interface BookingResult {
  /** 0 when the request failed before an answer. */
  status: number;
  ms: number;
  /** The new booking's id (201), from the answer. */
  id?: number | undefined;
  /** The first bytes of a refusal, or the network error. */
  error?: string | undefined;
  /** The server's own time, when it says (SERVER_TIMING=1, decision 057). */
  serverMs?: number | undefined;
  /** The server's phases of the booking, when it says (decision 059). */
  phases?: Record<string, number> | undefined;
}

/** add-booking for one adult, as the booking dialog sends it (multipart with the passport scan); never throws. */
export async function bookOneSeat(baseUrl: string, token: string, pnr: string, number: number): Promise<BookingResult> {
  const form = new FormData();
  form.append('pnr', pnr);
  form.append('type[]', 'adult');
  form.append('titles[]', 'Mr');
  form.append('firstname[]', 'Bench');
  form.append('lastname[]', `Passenger ${String.fromCharCode(65 + (number % 26))}`);
  form.append('dob[]', '1985-03-15');
  form.append('passport_no[]', `BX${String(1_000_000 + number)}`);
  form.append('passport_expiry_date[]', '2034-12-31');
  form.append('passport_img[]', new Blob([PASSPORT_SCAN], { type: 'image/png' }), 'passport.png');
  try {
    const response = await send(`${baseUrl}/api/add-booking`, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, ...bearer(token), 'Idempotency-Key': `bench-${number}-${Date.now()}` },
      body: form,
    });
    const { text, ms } = response;
    const timing = parseServerTiming(headerOf(response.headers, 'server-timing'));
    const said = { serverMs: timing?.serverMs, phases: timing?.phases };
    if (response.status >= 300) return { status: response.status, ms, error: text.slice(0, 200), ...said };
    return { status: response.status, ms, id: (JSON.parse(text) as { data?: { id?: number } }).data?.id, ...said };
  } catch (error) {
    return { status: 0, ms: Number.NaN, error: error instanceof Error ? error.message : String(error) };
  }
}

/** An admin cancels a booking (its seats return to the group): GET cancelbooking/:id. */
export async function cancelBooking(baseUrl: string, adminToken: string, id: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/cancelbooking/${id}`, { headers: bearer(adminToken) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`cancelbooking/${id} answered ${response.status}`);
}

/** A ticket an agent can book, with its free seats, as available-sector lists it. */
export interface OfferedTicket {
  pnr: string;
  remaining: number;
}

/** available-sector as an agent sees it: the my-sectors' ids, the journeys flown ('LHE - JED') and the offered tickets. */
export async function getOffered(baseUrl: string, token: string): Promise<{ mySectorIds: number[]; sectors: string[][]; tickets: OfferedTicket[] }> {
  const response = await fetch(`${baseUrl}/api/available-sector`, { headers: bearer(token) });
  const body = (await response.json()) as {
    mysectors?: Array<{ id: number }>;
    tickets?: Array<{ sector: string; tickets: Array<{ pnr: string; remaining: number }> }>;
  };
  if (!response.ok || !body.mysectors || !body.tickets) throw new Error(`available-sector failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return {
    mySectorIds: body.mysectors.map((sector) => sector.id),
    sectors: body.tickets.map((group) => group.sector.split(' - ')).filter((codes) => codes.length >= 2),
    tickets: body.tickets.flatMap((group) => group.tickets).map((ticket) => ({ pnr: ticket.pnr, remaining: ticket.remaining })),
  };
}

/** The admin's insights reports (issue 19, decision 034), each GET /api/insights/<name>. */
export const INSIGHTS_REPORTS = ['sales-receipts', 'seats-by-sector', 'receivables-by-age'] as const;
