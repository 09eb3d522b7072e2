import { PASSENGER_TYPE_LABELS } from '@portal/contract/bookings';
import { formatAgentId } from './document-format.js';

/** The plain data the document renderers take (booking PDF, PNR PDF, PNR Excel); no database types. */

export interface DocumentLeg {
  flightNumber: string;
  /** 'LHE - JED'. */
  sectorName: string;
  departureAirport: string;
  /** 'YYYY-MM-DD'. */
  departureDate: string;
  /** 'HH:MM' or 'HH:MM:SS', local at the airport. */
  departureTime: string;
  arrivalAirport: string;
  arrivalDate: string;
  arrivalTime: string;
  baggageKg: number;
  handCarryKg: number;
}

export type PassengerKind = 'adult' | 'child' | 'infant';

/** The details are null for a passenger booked with names later (PRODUCT §6): documents print 'TBA' (passengerFullName). */
export interface DocumentPassenger {
  title: string | null;
  firstname: string | null;
  lastname: string | null;
  type: PassengerKind;
  /** 'YYYY-MM-DD'. */
  dob: string | null;
  passportNo: string | null;
  passportExpiryDate: string | null;
  /** The 13-digit e-ticket number once issued (PRODUCT §6); null before. */
  ticketNo: string | null;
}

/** The booking agent's agency; null for an admin's walk-in sale (PRODUCT §4). */
export type DocumentAgency = { name: string; agentId: number | null } | null;

/** One line of a PNR's passenger name list. */
export interface NameListEntry extends DocumentPassenger {
  bookingId: number;
  agency: DocumentAgency;
}

export function getPassengerTypeLabel(type: PassengerKind): string {
  return PASSENGER_TYPE_LABELS[type];
}

/** 'Test Travels (Agent-1001)', or 'Walk-in' for a walk-in sale. */
export function describeAgency(agency: DocumentAgency): string {
  if (!agency) return 'Walk-in';
  const agentId = formatAgentId(agency.agentId);
  return agentId ? `${agency.name} (${agentId})` : agency.name;
}
